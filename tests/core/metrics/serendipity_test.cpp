// serendipity@k (docs/metrics.md): hand computation, brute force over all tie
// orders, and a user without training items.
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(SerendipityTest, RelevantItemsUnlikeTheTrainingItems) {
    Engine e(handWorld(), TiePolicy::Trec);
    // u's training item d {x, z}; relevant b {y}: J 0, and e {z}: J 1/2.
    auto v = e.values(serendipityValues, "u", {1, 2, 3, kCutoffAll});
    EXPECT_DOUBLE_EQ(v[0], 0.0);
    EXPECT_DOUBLE_EQ(v[1], 1.0 / 2);
    EXPECT_DOUBLE_EQ(v[2], (1.0 + 0.5) / 3);
    EXPECT_DOUBLE_EQ(v[3], (1.0 + 0.5) / 4);
}

TEST(SerendipityTest, UserWithoutTrainingItemsCountsMaxZero) {
    World w = handWorld();
    w.training.pop_back();  // u loses d
    w.run.pop_back();
    Engine e(w, TiePolicy::Trec);
    EXPECT_DOUBLE_EQ(e.values(serendipityValues, "u", {3})[0], 2.0 / 3);
}

TEST(SerendipityTest, MatchesBruteForceOverAllTieOrders) { expectMatchesBruteForce("serendipity", serendipityValues); }
