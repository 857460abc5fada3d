// compareEvaluation with many-model procedures: each pair's tukey,
// randomized-tukey and nemenyi results equal the procedures run directly on
// the per-user columns (oriented a − b, also against a baseline), the `many`
// list holds one omnibus result per metric and procedure, and the --test
// list splits into paired and many-model procedures.
#include <numeric>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "metrics/metric_spec.h"
#include "compare/comparison.h"
#include "stats/friedman.h"
#include "stats/randomized_tukey.h"
#include "stats/tukey_hsd.h"
#include "core/stats/study_golden.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

using Matrix = std::vector<std::vector<double>>;  // [model][user]

// One metric column (ndcg@10) per model, from a golden data set.
Evaluation evaluationOf(const Matrix& x) {
    Evaluation e;
    e.settings.metrics = expandMetrics("ndcg@10", {});
    const std::size_t n = x[0].size();
    for (std::size_t u = 0; u < n; ++u) e.users.push_back(static_cast<UserId>(u));
    e.counts.evaluated = n;
    for (std::size_t m = 0; m < x.size(); ++m)
        e.models.push_back({"M" + std::to_string(m), x[m],
                            {std::accumulate(x[m].begin(), x[m].end(), 0.0) / static_cast<double>(n)}});
    return e;
}

Matrix goldenSet(std::size_t index) {
    return study::load("many_models.json").at("sets")[index].at("models").get<Matrix>();
}

TEST(ManyModelComparison, PairsCarryTheProceduresResultsOrientedAMinusB) {
    const Matrix x = goldenSet(0);
    const Evaluation e = evaluationOf(x);
    ComparisonOptions o;
    o.tests = {SignificanceTest::TTest};
    o.many = {ManyModelTest::Tukey, ManyModelTest::RandomizedTukey, ManyModelTest::Friedman};
    o.baseline = 2;  // pairs (0, 2), (1, 2), (3, 2): (3, 2) is the reverse of Tukey's (2, 3)
    o.resampling.resamples = 2000;
    o.bootstrapIntervals = false;
    const Comparison c = compareEvaluation(e, o);

    const std::vector<std::span<const double>> groups(x.begin(), x.end());
    const TukeyResult tukey = tukeyHsd(groups, 0.05);
    RandomizedTukeyOptions ro;
    ro.resampling = o.resampling;
    const RandomizedTukeyResult randomized = randomizedTukey(groups, x.size(), ro)[0];
    const FriedmanResult friedman = friedmanTest(groups);
    ASSERT_EQ(c.pairs.size(), 3u);
    for (const auto& pair : c.pairs) {
        const TukeyPair* t = tukey.find(pair.a, pair.b);
        const ManyPairOutcome* mt = pair.find(ManyModelTest::Tukey);
        ASSERT_NE(mt, nullptr);
        EXPECT_DOUBLE_EQ(mt->adjusted, t->pAdjusted);
        EXPECT_DOUBLE_EQ(mt->statistic, t->q);
        const double sign = t->i == pair.a ? 1.0 : -1.0;
        EXPECT_NEAR((mt->lo + mt->hi) / 2, sign * t->meanDiff, 1e-12);
        EXPECT_NEAR((mt->lo + mt->hi) / 2, pair.meanDiff, 1e-12);
        const ManyPairOutcome* mr = pair.find(ManyModelTest::RandomizedTukey);
        EXPECT_DOUBLE_EQ(mr->adjusted, randomized.find(pair.a, pair.b)->pAdjusted);
        EXPECT_NEAR(mr->statistic, pair.meanDiff, 1e-12);
        const ManyPairOutcome* mn = pair.find(ManyModelTest::Friedman);
        EXPECT_DOUBLE_EQ(mn->statistic, friedman.averageRanks[pair.a] - friedman.averageRanks[pair.b]);
        EXPECT_DOUBLE_EQ(mn->adjusted, nemenyiPValue(mn->statistic, 4, x[0].size()));
    }
    ASSERT_EQ(c.many.size(), 3u);
    EXPECT_EQ(c.many[0].test, ManyModelTest::Tukey);
    EXPECT_DOUBLE_EQ(c.many[0].statistic, tukey.maxQ);
    EXPECT_EQ(c.many[1].test, ManyModelTest::RandomizedTukey);
    EXPECT_DOUBLE_EQ(c.many[1].pvalue, randomized.pOmnibus);
    EXPECT_EQ(c.many[2].test, ManyModelTest::Friedman);
    EXPECT_DOUBLE_EQ(c.many[2].statistic, friedman.statistic);
    EXPECT_DOUBLE_EQ(c.many[2].criticalDifference, friedman.criticalDifference);
    EXPECT_EQ(c.many[2].averageRanks, friedman.averageRanks);
}

TEST(ManyModelComparison, WithoutManyModelTestsNothingIsAdded) {
    const Comparison c = compareEvaluation(evaluationOf(goldenSet(1)), ComparisonOptions{});
    EXPECT_TRUE(c.many.empty());
    for (const auto& pair : c.pairs) EXPECT_TRUE(pair.manyTests.empty());
}

TEST(ManyModelComparison, TestListSplitsIntoPairedAndManyModelProcedures) {
    const TestSelection s = parseTestSelection("t,tukey,randomized-tukey,wilcoxon,friedman,tukey");
    EXPECT_EQ(s.paired, (std::vector<SignificanceTest>{SignificanceTest::TTest, SignificanceTest::Wilcoxon}));
    EXPECT_EQ(s.many, (std::vector<ManyModelTest>{ManyModelTest::Tukey, ManyModelTest::RandomizedTukey,
                                                  ManyModelTest::Friedman}));
    try {
        parseTestSelection("t,anova");
        FAIL() << "anova accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("'anova'"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("randomized-tukey"), std::string::npos);
    }
}

} // namespace
