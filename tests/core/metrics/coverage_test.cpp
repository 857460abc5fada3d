// coverage@k (docs/metrics.md): hand computation, both denominators, expected
// counts against brute force.
#include "core/metrics/set_level_test_cases.h"

using namespace ranklab;
using namespace ranklab::beyond_test;

TEST(CoverageTest, ShareOfCatalogueItemsRecommended) {
    Engine e(setLevelWorld(), TiePolicy::Trec);
    stats::SetStatistic s{stats::SetStatistic::Kind::Coverage};
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 1, s), 1.0 / 4);
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 2, s), 3.0 / 4);
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), kCutoffAll, s), 4.0 / 4);
    // of=training: the training file's items are a and d.
    s.of = CoverageOf::Training;
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), 2, s), 1.0 / 2);
    EXPECT_DOUBLE_EQ(engineStatistic(e, setLevelUsers(), kCutoffAll, s), 2.0 / 2);
}

TEST(CoverageTest, TiedItemsStraddlingKAreCoveredWithTheirShare) {
    World w = setLevelWorld();
    w.run = {{"u1", "a", 1}, {"u1", "b", 1}};
    Engine e(w, TiePolicy::Expected);
    // k = 1: c_a = c_b = 1/2 > 0: both count as recommended.
    EXPECT_DOUBLE_EQ(engineStatistic(e, {"u1"}, 1, {stats::SetStatistic::Kind::Coverage}), 2.0 / 4);
}

TEST(CoverageTest, MatchesBruteForceOnExpectedCounts) {
    expectSetLevelMatchesBruteForce({stats::SetStatistic::Kind::Coverage},
                                    [](const Brute&, const auto& c, double, double) { return bruteCoverage(c); });
    stats::SetStatistic training{stats::SetStatistic::Kind::Coverage, CoverageOf::Training};
    expectSetLevelMatchesBruteForce(training, [](const Brute& b, const auto& c, double, double) {
        return bruteCoverage(c, &b.trainingItems);
    });
}
