// The worked examples of docs/metrics.md, each a test; expected values are the
// hand computations written there.
#include <cmath>

#include <gtest/gtest.h>

#include "core/engine_test_support.h"

using namespace ranklab;
using namespace ranklab::testing;

namespace {

// One user "u", ranking [4, 6, 2, 3, 1, 8, 10, 9, 5, 7] by descending score.
std::vector<Triple> exampleRanking() {
    const int order[] = {4, 6, 2, 3, 1, 8, 10, 9, 5, 7};
    std::vector<Triple> run;
    for (int p = 0; p < 10; ++p) run.emplace_back("u", std::to_string(order[p]), 10.0 - p);
    return run;
}

} // namespace

TEST(WorkedExampleTest, Example1PrecisionRecallNdcgApRrAtFiveAndAll) {
    Dataset data = makeDataset({{"u", "1", 1}, {"u", "6", 1}, {"u", "9", 1}}, {{"m", exampleRanking()}});
    auto v = means(data, "precision@5,recall@5,ndcg@5,ap(norm=min)@5,ap@5,rr@5,ap@all,ndcg@all,rprec",
                   TiePolicy::Expected);
    EXPECT_NEAR(v[0], 0.4, 1e-12);
    EXPECT_NEAR(v[1], 2.0 / 3.0, 1e-12);
    // Relevant at positions 2 and 5: (1/log2 3 + 1/log2 6) / (1 + 1/log2 3 + 1/log2 4).
    EXPECT_NEAR(v[2], 0.4776237, 1e-7);
    // (1/2 + 2/5) / min(3, 5) = 0.3, and / R = 0.3.
    EXPECT_NEAR(v[3], 0.3, 1e-12);
    EXPECT_NEAR(v[4], 0.3, 1e-12);
    EXPECT_NEAR(v[5], 0.5, 1e-12);
    // (1/2 + 2/5 + 3/8) / 3 = 0.425.
    EXPECT_NEAR(v[6], 0.425, 1e-12);
    EXPECT_NEAR(v[7], 0.6257, 1e-4);
    EXPECT_NEAR(v[8], 1.0 / 3.0, 1e-12);
}

TEST(WorkedExampleTest, Example2LeaveOneOutNdcgIsOneOverLog2Of4) {
    Dataset data = makeDataset({{"u", "2", 1}}, {{"m", exampleRanking()}});
    auto v = means(data, "precision@5,recall@5,hr@5,ndcg@5,ap@5,rr@5", TiePolicy::Expected);
    EXPECT_NEAR(v[0], 0.2, 1e-12);
    EXPECT_NEAR(v[1], 1.0, 1e-12);
    EXPECT_NEAR(v[2], 1.0, 1e-12);
    EXPECT_NEAR(v[3], 0.5, 1e-12);  // not the blog's 0.4307
    EXPECT_NEAR(v[4], 1.0 / 3.0, 1e-12);
    EXPECT_NEAR(v[5], 1.0 / 3.0, 1e-12);
}

TEST(WorkedExampleTest, Example3SampledNegativesHitRateAndMrr) {
    // Two users, one positive against four negatives; positives at ranks 2 and 1.
    std::vector<Triple> run = {{"a", "n1", 0.9}, {"a", "pos", 0.8}, {"a", "n2", 0.7}, {"a", "n3", 0.6},
                               {"a", "n4", 0.5}, {"b", "pos", 0.9}, {"b", "n1", 0.8}, {"b", "n2", 0.7},
                               {"b", "n3", 0.6}, {"b", "n4", 0.5}};
    Dataset data = makeDataset({{"a", "pos", 1}, {"b", "pos", 1}}, {{"m", run}});
    auto v = means(data, "hr@1,hr@3,rr@all", TiePolicy::Expected);
    EXPECT_NEAR(v[0], 0.5, 1e-12);
    EXPECT_NEAR(v[1], 1.0, 1e-12);
    EXPECT_NEAR(v[2], 0.75, 1e-12);
}

TEST(WorkedExampleTest, Example4AllTiedExpectedOptimisticPessimistic) {
    std::vector<Triple> run;
    for (int i = 0; i < 10; ++i) run.emplace_back("u", "i" + std::to_string(i), 1.0);
    Dataset data = makeDataset({{"u", "i3", 1}, {"u", "i7", 1}}, {{"m", run}});
    auto expected = means(data, "precision@1,hr@3", TiePolicy::Expected);
    EXPECT_NEAR(expected[0], 0.2, 1e-12);
    // 1 - C(8,3)/C(10,3) = 1 - 56/120 = 8/15.
    EXPECT_NEAR(expected[1], 8.0 / 15.0, 1e-12);
    auto optimistic = means(data, "precision@1,hr@3", TiePolicy::Optimistic);
    EXPECT_DOUBLE_EQ(optimistic[0], 1.0);
    EXPECT_DOUBLE_EQ(optimistic[1], 1.0);
    auto pessimistic = means(data, "precision@1,hr@3", TiePolicy::Pessimistic);
    EXPECT_DOUBLE_EQ(pessimistic[0], 0.0);
    EXPECT_DOUBLE_EQ(pessimistic[1], 0.0);
}
