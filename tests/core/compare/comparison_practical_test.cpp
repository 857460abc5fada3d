// compareEvaluation with a δ per metric: each pair of a metric with a δ gets
// TOST and a class, a relative δ is taken from the baseline's (b's) mean,
// pairs of other metrics get none; the rank-biserial correlation sits beside
// the Wilcoxon test and equals the signed-rank sums counted here by brute force.
#include <cmath>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "metrics/metric_spec.h"
#include "compare/comparison.h"
#include "core/compare/comparison_test_support.h"
#include "stats/mean_ci.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

using ranklab::testing::makeEvaluation;
using Column = std::vector<double>;

// 40 users; B the baseline; A = B + 0.08 ± noise (clearly better on ndcg@10),
// C = B + 0.001 ± small noise (equivalent at δ 0.02).
Evaluation threeModels() {
    Column b10, b20, a10, a20, c10, c20;
    for (int u = 0; u < 40; ++u) {
        const double base = 0.3 + 0.01 * (u % 7);
        const double wiggle = ((u * 37) % 11 - 5) * 0.004;
        b10.push_back(base);
        b20.push_back(base + 0.05);
        a10.push_back(base + 0.08 + wiggle);
        a20.push_back(base + 0.05 + wiggle);
        c10.push_back(base + 0.001 + wiggle / 4);
        c20.push_back(base + 0.05 - 0.0005 + wiggle / 4);
    }
    return makeEvaluation("ndcg@10,ndcg@20", {"A", "B", "C"}, {{a10, a20}, {b10, b20}, {c10, c20}});
}

// (W+ − W−)/(W+ + W−) with the midranks of |d| found by comparing every pair.
double bruteRankBiserial(const std::vector<double>& d) {
    double plus = 0, minus = 0;
    for (double x : d) {
        if (x == 0) continue;
        double below = 0, equal = 0;
        for (double y : d) {
            if (y == 0) continue;
            below += std::abs(y) < std::abs(x);
            equal += std::abs(y) == std::abs(x);
        }
        const double rank = below + (equal + 1) / 2;
        (x > 0 ? plus : minus) += rank;
    }
    return (plus - minus) / (plus + minus);
}

TEST(ComparisonPractical, PairsOfMetricsWithADeltaAreClassified) {
    const Evaluation e = threeModels();
    ComparisonOptions o;
    o.tests = {SignificanceTest::TTest, SignificanceTest::Wilcoxon};
    o.baseline = 1;
    o.bootstrapIntervals = false;
    o.minEffect = parseMinEffects("ndcg@10=0.02");
    const Comparison c = compareEvaluation(e, o);
    const PairComparison* ab = c.find(0, 1, 0);
    const PairComparison* cb = c.find(2, 1, 0);
    ASSERT_TRUE(ab && cb && ab->practical && cb->practical);
    EXPECT_EQ(ab->practical->practicalClass, PracticalClass::Better);
    EXPECT_EQ(cb->practical->practicalClass, PracticalClass::Equivalent);
    EXPECT_EQ(ab->practical->delta, 0.02);
    // Equivalent exactly when the 90% t interval of the differences lies in (−δ, δ).
    for (const PairComparison* pair : {ab, cb}) {
        std::vector<double> d;
        for (std::size_t u = 0; u < e.users.size(); ++u)
            d.push_back(e.models[pair->a].perUser[u * 2] - e.models[pair->b].perUser[u * 2]);
        const TInterval ci = tInterval(moments(d), 0.90);
        EXPECT_EQ(pair->practical->tost.pvalue < 0.05, ci.lo > -0.02 && ci.hi < 0.02);
        EXPECT_DOUBLE_EQ(pair->rankBiserial, bruteRankBiserial(d));
    }
    // ndcg@20 has no δ.
    EXPECT_FALSE(c.find(0, 1, 1)->practical);
    EXPECT_FALSE(c.find(2, 1, 1)->practical);
}

TEST(ComparisonPractical, RelativeDeltaIsAPercentOfTheBaselineMeanAndTTestOnlyLeavesNoRankBiserial) {
    const Evaluation e = threeModels();
    ComparisonOptions o;
    o.baseline = 1;
    o.bootstrapIntervals = false;
    o.minEffect = parseMinEffects("10%");
    const Comparison c = compareEvaluation(e, o);
    for (const auto& pair : c.pairs) {
        ASSERT_TRUE(pair.practical);
        EXPECT_DOUBLE_EQ(pair.practical->delta, 0.1 * e.models[1].means[pair.metric]);
        EXPECT_TRUE(std::isnan(pair.rankBiserial));
    }
}

} // namespace
