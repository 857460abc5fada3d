// arp@k (docs/metrics.md): hand computation, brute force over all tie orders.
#include "core/metrics/beyond_test_support.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(ArpTest, MeanTrainingPopularityOfTheTopK) {
    Engine e(handWorld(), TiePolicy::Trec);
    auto v = e.values(arpValues, "u", {1, 3, kCutoffAll});
    EXPECT_DOUBLE_EQ(v[0], 3.0);
    EXPECT_DOUBLE_EQ(v[1], (3.0 + 2.0 + 0.0) / 3);
    EXPECT_DOUBLE_EQ(v[2], (3.0 + 2.0 + 0.0 + 1.0) / 4);
}

TEST(ArpTest, RepeatedTrainingLinesCountOneUser) {
    World w = handWorld();
    w.training.push_back({"t1", "a"});
    Engine e(w, TiePolicy::Trec);
    EXPECT_DOUBLE_EQ(e.values(arpValues, "u", {1})[0], 3.0);
}

TEST(ArpTest, MatchesBruteForceOverAllTieOrders) { expectMatchesBruteForce("arp", arpValues); }
