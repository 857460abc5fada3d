// gini@k (docs/metrics.md): hand computation, zeros=catalog|recommended, a large
// catalogue (the radix sort), expected counts against brute force.
#include "core/metrics/set_level_test_cases.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(GiniTest, ConcentrationOfRecommendations) {
    Engine e(setLevelWorld(), TiePolicy::Trec);
    stats::SetStatistic s{stats::SetStatistic::Kind::Gini};
    // Sorted 0, 1, 2, 3: (−3·0 − 1·1 + 1·2 + 3·3) / (3 · 6) = 10/18.
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 2, s), 10.0 / 18);
    // zeros=recommended: 1, 2, 3: (−2·1 + 0·2 + 2·3) / (2 · 6) = 4/12.
    s.zeros = GiniZeros::Recommended;
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 2, s), 4.0 / 12);
    // k = 1: only a, 3 times: with zeros 3·3 / (3·3) = 1; alone 0.
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 1, s), 0.0);
    s.zeros = GiniZeros::Catalog;
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 1, s), 1.0);
}

TEST(GiniTest, LargeCatalogueSortsLikeStdSort) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> value(0, 50);
    std::vector<double> c(5000);
    std::vector<std::uint8_t> training(c.size(), 1);
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = i % 7 == 0 ? 0.0 : std::floor(value(rng) * 4) / 4;
    std::vector<double> scratch;
    const double engine = giniStatistic(SetCounts{c, {}, 10, 5, training}, GiniZeros::Catalog, scratch);
    std::map<std::string, double> byName;
    for (std::size_t i = 0; i < c.size(); ++i) byName["i" + std::to_string(i)] = c[i];
    EXPECT_NEAR(engine, bruteGini(byName, false), 1e-12);
}

TEST(GiniTest, MatchesBruteForceOnExpectedCounts) {
    expectSetLevelMatchesBruteForce({stats::SetStatistic::Kind::Gini},
                                    [](const Brute&, const auto& c, double, double) { return bruteGini(c, false); });
    stats::SetStatistic recommended{stats::SetStatistic::Kind::Gini};
    recommended.zeros = GiniZeros::Recommended;
    expectSetLevelMatchesBruteForce(recommended,
                                    [](const Brute&, const auto& c, double, double) { return bruteGini(c, true); });
}
