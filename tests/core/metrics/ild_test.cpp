// ild@k (docs/metrics.md): hand computation, brute force over all tie orders
// (pairs inside the group straddling k are the delicate case).
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(IldTest, MeanJaccardDistanceOverPairs) {
    Engine e(handWorld(), TiePolicy::Trec);
    // a {x, y}, b {y}, e {z}, c {x}: d(a,b) = 1/2, d(a,e) = d(b,e) = 1.
    auto v = e.values(ildValues, "u", {1, 2, 3, kCutoffAll});
    EXPECT_DOUBLE_EQ(v[0], 0.0);  // fewer than two items
    EXPECT_DOUBLE_EQ(v[1], 0.5);
    EXPECT_DOUBLE_EQ(v[2], 2.5 / 3);
    // + d(a,c) = 1/2, d(b,c) = 1, d(e,c) = 1 over 6 pairs.
    EXPECT_DOUBLE_EQ(v[3], 5.0 / 6);
}

TEST(IldTest, MatchesBruteForceOverAllTieOrders) { expectMatchesBruteForce("ild", ildValues); }

TEST(IldTest, AllTiedListMatchesBruteForce) {
    World w = handWorld();
    w.run = {{"u", "a", 1}, {"u", "b", 1}, {"u", "c", 1}, {"u", "e", 1}};
    Brute brute(w);
    Engine e(w, TiePolicy::Expected);
    for (std::uint32_t k : {1u, 2u, 3u, 4u})
        EXPECT_NEAR(e.values(ildValues, "u", {k})[0], brute.expected("ild", "u", k), 1e-15) << k;
}
