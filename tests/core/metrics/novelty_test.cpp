// novelty@k (docs/metrics.md): hand computation, brute force over all tie orders.
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(NoveltyTest, MeanSelfInformationOfTheTopK) {
    Engine e(handWorld(), TiePolicy::Trec);
    auto v = e.values(noveltyValues, "u", {1, 2, 3, 10, kCutoffAll});
    EXPECT_DOUBLE_EQ(v[0], -std::log2(3.0 / 4));
    EXPECT_DOUBLE_EQ(v[1], (-std::log2(3.0 / 4) - std::log2(2.0 / 4)) / 2);
    // e has no training user: it counts as one.
    EXPECT_DOUBLE_EQ(v[2], (-std::log2(3.0 / 4) - std::log2(2.0 / 4) - std::log2(1.0 / 4)) / 3);
    const double four = (-std::log2(3.0 / 4) - std::log2(2.0 / 4) - std::log2(1.0 / 4) - std::log2(1.0 / 4)) / 4;
    EXPECT_DOUBLE_EQ(v[3], four);  // k past the list: the list's 4 items
    EXPECT_DOUBLE_EQ(v[4], four);
}

TEST(NoveltyTest, EmptyListGivesZero) {
    World w = handWorld();
    w.run = {{"u", "d", 1.0}};  // only the training item: nothing left
    Engine e(w, TiePolicy::Expected);
    EXPECT_EQ(e.values(noveltyValues, "u", {5, kCutoffAll}), (std::vector<double>{0.0, 0.0}));
}

TEST(NoveltyTest, TieGroupStraddlingKCountsItsShare) {
    World w = handWorld();
    w.run = {{"u", "a", 1}, {"u", "b", 1}, {"u", "e", 1}, {"u", "c", 0}};  // a, b, e tied
    Engine e(w, TiePolicy::Expected);
    // k = 1: each of a, b, e with probability 1/3.
    const double ia = -std::log2(3.0 / 4), ib = 1.0, ie = 2.0;
    EXPECT_NEAR(e.values(noveltyValues, "u", {1})[0], (ia + ib + ie) / 3, 1e-15);
    // k = 2: each with probability 2/3, over |L| = 2.
    EXPECT_NEAR(e.values(noveltyValues, "u", {2})[0], (ia + ib + ie) * 2.0 / 3 / 2, 1e-15);
}

TEST(NoveltyTest, MatchesBruteForceOverAllTieOrders) { expectMatchesBruteForce("novelty", noveltyValues); }
