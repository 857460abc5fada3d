// epc@k (docs/metrics.md): hand computation, brute force over all tie orders.
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

namespace {
double disc(int p) { return 1.0 / std::log2(p + 1.0); }
} // namespace

TEST(EpcTest, DiscountedPopularityComplementOfRelevantItems) {
    Engine e(handWorld(), TiePolicy::Trec);
    // Relevant b (n 2) at 2 and e (n 0) at 3; N = 4.
    auto v = e.values(epcValues, "u", {1, 3, 5, kCutoffAll});
    EXPECT_DOUBLE_EQ(v[0], 0.0);
    const double sum = disc(2) * (1 - 2.0 / 4) + disc(3) * (1 - 0.0 / 4);
    EXPECT_NEAR(v[1], sum / (disc(1) + disc(2) + disc(3)), 1e-15);
    // The normaliser runs to k even past the list.
    EXPECT_NEAR(v[2], sum / (disc(1) + disc(2) + disc(3) + disc(4) + disc(5)), 1e-15);
    EXPECT_NEAR(v[3], sum / (disc(1) + disc(2) + disc(3) + disc(4)), 1e-15);
}

TEST(EpcTest, TiedRelevantItemTakesTheMeanDiscountOfItsSlots) {
    World w = handWorld();
    w.run = {{"u", "a", 1}, {"u", "b", 1}, {"u", "c", 1}};  // b relevant, tied at 1..3
    Engine e(w, TiePolicy::Expected);
    // k = 2: b at 1 or 2 (each 1/3), else out.
    EXPECT_NEAR(e.values(epcValues, "u", {2})[0], (disc(1) + disc(2)) / 3 * 0.5 / (disc(1) + disc(2)), 1e-15);
}

TEST(EpcTest, MatchesBruteForceOverAllTieOrders) { expectMatchesBruteForce("epc", epcValues); }
