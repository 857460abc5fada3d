// entropy@k (docs/metrics.md): hand computation in bits and nats, expected
// counts against brute force.
#include "core/metrics/set_level_test_cases.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(EntropyTest, ShannonEntropyOfRecommendedItems) {
    Engine e(setLevelWorld(), TiePolicy::Trec);
    stats::SetStatistic s{stats::SetStatistic::Kind::Entropy};
    // p = 3/6, 2/6, 1/6.
    const double bits = -(0.5 * std::log2(0.5) + (1.0 / 3) * std::log2(1.0 / 3) + (1.0 / 6) * std::log2(1.0 / 6));
    EXPECT_NEAR(engineStatistic(e, setLevelUsers(), 2, s), bits, 1e-15);
    s.base = EntropyBase::E;
    EXPECT_NEAR(engineStatistic(e, setLevelUsers(), 2, s), bits * std::log(2.0), 1e-15);
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 1, s), 0.0);  // one item
}

TEST(EntropyTest, MatchesBruteForceOnExpectedCounts) {
    expectSetLevelMatchesBruteForce({stats::SetStatistic::Kind::Entropy},
                                    [](const Brute&, const auto& c, double, double) { return bruteEntropy(c, false); });
    stats::SetStatistic nats{stats::SetStatistic::Kind::Entropy};
    nats.base = EntropyBase::E;
    expectSetLevelMatchesBruteForce(nats,
                                    [](const Brute&, const auto& c, double, double) { return bruteEntropy(c, true); });
}
