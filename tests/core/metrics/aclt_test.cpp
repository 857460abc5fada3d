// aclt@k (docs/metrics.md): hand computation, brute force over all tie orders.
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(AcltTest, CountOfTailItems) {
    Engine e(handWorld(), TiePolicy::Trec);
    auto v = e.values(acltValues, "u", {2, 3, kCutoffAll});
    EXPECT_DOUBLE_EQ(v[0], 0.0);
    EXPECT_DOUBLE_EQ(v[1], 1.0);
    EXPECT_DOUBLE_EQ(v[2], 1.0);
    EXPECT_DOUBLE_EQ(e.values(acltValues, "u", {kCutoffAll}, 1.0, 0.5)[0], 2.0);
}

TEST(AcltTest, TieGroupStraddlingKCountsItsShare) {
    World w = handWorld();
    w.run = {{"u", "a", 1}, {"u", "e", 1}, {"u", "c", 1}};  // e tail; a, c head
    Engine e(w, TiePolicy::Expected);
    EXPECT_NEAR(e.values(acltValues, "u", {1})[0], 1.0 / 3, 1e-15);
    EXPECT_NEAR(e.values(acltValues, "u", {2})[0], 2.0 / 3, 1e-15);
}

TEST(AcltTest, MatchesBruteForceOverAllTieOrders) { expectMatchesBruteForce("aclt", acltValues); }
