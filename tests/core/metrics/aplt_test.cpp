// aplt@k (docs/metrics.md): the short head with ties at its boundary, hand
// computation, brute force over all tie orders and head shares.
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(ApltTest, ShareOfTailItems) {
    Engine e(handWorld(), TiePolicy::Trec);
    // Tail at 0.8 is {e} (see handWorld); the list is a, b, e, c.
    auto v = e.values(apltValues, "u", {2, 3, kCutoffAll});
    EXPECT_DOUBLE_EQ(v[0], 0.0);
    EXPECT_DOUBLE_EQ(v[1], 1.0 / 3);
    EXPECT_DOUBLE_EQ(v[2], 1.0 / 4);
}

TEST(ApltTest, HeadShareMovesTheBoundaryAndKeepsTies) {
    Engine e(handWorld(), TiePolicy::Trec);
    // head=0.5: b reaches 5/7; the head is n >= 2 = {a, b}; c (n 1) joins the tail.
    EXPECT_DOUBLE_EQ(e.values(apltValues, "u", {kCutoffAll}, 1.0, 0.5)[0], 2.0 / 4);
    // head=0.9: d (6/7 < 0.9, then 7/7) is the boundary item with n 1 and c ties with it.
    EXPECT_DOUBLE_EQ(e.values(apltValues, "u", {kCutoffAll}, 1.0, 0.9)[0], 1.0 / 4);
}

TEST(ApltTest, MatchesBruteForceOverAllTieOrders) {
    expectMatchesBruteForce("aplt", apltValues);
    expectMatchesBruteForce("aplt", apltValues, 0.5);
}
