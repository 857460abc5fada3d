// compareEvaluation on hand-made Evaluations whose per-user columns are the
// scipy golden cases (tests/data/stats): the pair's tests equal scipy's, the
// family is pairs × metrics and its corrections equal the textbook formulas
// written out here, the orientation and count of the pairs follow the mode.
// The resampling (bootstrap, randomization, threads): comparison_resampling_test.cpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "metrics/metric_spec.h"
#include "stats/bootstrap.h"
#include "compare/comparison.h"
#include "stats/keyed_bootstrap.h"
#include "core/compare/comparison_test_support.h"
#include "core/stats/golden_cases.h"
#include "compare/model_comparison.h"
#include "stats/resampled_means.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::close;
using golden::number;
using golden::pairedCase;
using golden::sameBits;

using namespace ranklab::testing;

namespace {

std::vector<double> rawPValues(const Comparison& c, std::size_t test = 0) {
    std::vector<double> p;
    for (const auto& pair : c.pairs) p.push_back(pair.tests.at(test).pvalue);
    return p;
}

// The textbook corrections, written out: order the m p-values ascending,
// p_(1) ≤ ... ≤ p_(m).
std::vector<std::size_t> ascendingOrder(const std::vector<double>& p) {
    std::vector<std::size_t> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return p[x] < p[y]; });
    return order;
}
std::vector<double> bonferroni(const std::vector<double>& p) {
    std::vector<double> out;
    for (double v : p) out.push_back(std::min(1.0, v * static_cast<double>(p.size())));
    return out;
}
// Holm: adj_(i) = max over j ≤ i of min(1, (m − j + 1)·p_(j)).
std::vector<double> holm(const std::vector<double>& p) {
    const auto order = ascendingOrder(p);
    const double m = static_cast<double>(p.size());
    std::vector<double> out(p.size());
    double running = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        running = std::max(running, std::min(1.0, (m - static_cast<double>(i)) * p[order[i]]));
        out[order[i]] = running;
    }
    return out;
}
// Benjamini–Hochberg: adj_(i) = min over j ≥ i of min(1, m/j·p_(j)).
std::vector<double> benjaminiHochberg(const std::vector<double>& p) {
    const auto order = ascendingOrder(p);
    const double m = static_cast<double>(p.size());
    std::vector<double> out(p.size());
    double running = 1.0;
    for (std::size_t i = order.size(); i-- > 0;) {
        running = std::min(running, p[order[i]] * (m / static_cast<double>(i + 1)));
        out[order[i]] = running;
    }
    return out;
}

TEST(ComparisonTest, PairTestsEqualScipyOnTheGoldenColumns) {
    const Evaluation e = goldenPairEvaluation();
    const Comparison c = compareEvaluation(
        e, comparisonOptions({SignificanceTest::TTest, SignificanceTest::Wilcoxon, SignificanceTest::Randomization},
                   Correction::None, 1));
    ASSERT_EQ(c.pairs.size(), 2u);
    for (std::size_t metric = 0; metric < 2; ++metric) {
        const auto& g = pairedCase(metric == 0 ? "exact_noties_n14" : "perm_n14").json;
        const PairComparison* pair = c.find(0, 1, metric);
        ASSERT_NE(pair, nullptr);
        EXPECT_EQ(pair->a, 0u);
        EXPECT_EQ(pair->b, 1u);
        EXPECT_EQ(pair->n, 14u);
        EXPECT_TRUE(close(pair->meanDiff, number(g["summary"], "mean_diff"), 1e-12, 1e-15));
        // Interval bounds are mean ± half-width: absolute tolerance 1e-13
        // (the cancellation makes a relative one meaningless near 0).
        EXPECT_TRUE(close(pair->ciT.lo, number(g["ci95_mean_diff"], "lo"), 1e-12, 1e-13));
        EXPECT_TRUE(close(pair->ciT.hi, number(g["ci95_mean_diff"], "hi"), 1e-12, 1e-13));
        EXPECT_TRUE(close(pair->cohensDz, number(g, "cohens_dz"), 1e-12, 1e-15));
        EXPECT_EQ(pair->winsTiesLosses.wins, g["wins_ties_losses"]["wins"].get<std::size_t>());
        EXPECT_EQ(pair->winsTiesLosses.ties, g["wins_ties_losses"]["ties"].get<std::size_t>());
        EXPECT_EQ(pair->winsTiesLosses.losses, g["wins_ties_losses"]["losses"].get<std::size_t>());
        const TestOutcome* t = pair->find(SignificanceTest::TTest);
        EXPECT_TRUE(close(t->statistic, number(g["ttest_rel"], "statistic"), 1e-12, 1e-15));
        EXPECT_TRUE(close(t->pvalue, number(g["ttest_rel"], "pvalue"), 1e-12, 1e-15));
        const TestOutcome* w = pair->find(SignificanceTest::Wilcoxon);
        EXPECT_EQ(w->statistic, number(g["wilcoxon"]["default"], "statistic"));
        EXPECT_TRUE(close(w->pvalue, number(g["wilcoxon"]["default"], "pvalue"), 1e-12, 1e-15));
        const TestOutcome* r = pair->find(SignificanceTest::Randomization);
        EXPECT_EQ(r->pvalue, number(g["randomization_exact"], "pvalue"));
        // No correction: the adjusted p is the raw one.
        for (const auto& outcome : pair->tests) EXPECT_TRUE(sameBits(outcome.adjusted, outcome.pvalue));
        // The means and their t intervals (golden ci95_mean_a).
        EXPECT_TRUE(close(c.means[0][metric].moments.mean, number(g["summary"], "mean_a"), 1e-12, 1e-15));
        EXPECT_TRUE(close(c.means[1][metric].moments.mean, number(g["summary"], "mean_b"), 1e-12, 1e-15));
        EXPECT_TRUE(close(c.means[0][metric].t.lo, number(g["ci95_mean_a"], "lo"), 1e-12, 1e-13));
        EXPECT_TRUE(close(c.means[0][metric].t.hi, number(g["ci95_mean_a"], "hi"), 1e-12, 1e-13));
    }
    // The golden exact Wilcoxon case is told apart from the approximate one.
    EXPECT_EQ(pairedCase("exact_noties_n14").json["wilcoxon"]["default"]["method_used"], "exact");
    EXPECT_EQ(pairedCase("perm_n14").json["wilcoxon"]["default"]["method_used"], "approx");
}

TEST(ComparisonTest, BaselineModePairsEveryOtherModelWithTheBaselineMetricByMetric) {
    const Evaluation e = threeModelEvaluation();
    const Comparison c = compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::Holm, 1));
    ASSERT_EQ(c.pairs.size(), 4u);  // 2 other models × 2 metrics
    const std::vector<std::array<std::size_t, 3>> expected{{0, 1, 0}, {2, 1, 0}, {0, 1, 1}, {2, 1, 1}};
    for (std::size_t p = 0; p < 4; ++p) {
        EXPECT_EQ(c.pairs[p].a, expected[p][0]);
        EXPECT_EQ(c.pairs[p].b, expected[p][1]);
        EXPECT_EQ(c.pairs[p].metric, expected[p][2]);
        // Differences are a − b.
        const auto& pair = c.pairs[p];
        EXPECT_TRUE(close(pair.meanDiff, e.models[pair.a].means[pair.metric] - e.models[pair.b].means[pair.metric],
                          1e-12, 1e-15));
    }
    EXPECT_EQ(c.models, (std::vector<std::string>{"A", "B", "C"}));
    EXPECT_EQ(c.metricIds, (std::vector<std::string>{"ndcg@10", "ndcg@20"}));
    EXPECT_EQ(c.users, 14u);
    EXPECT_EQ(c.find(1, 2, 0), &c.pairs[1]);  // either orientation is found
    EXPECT_EQ(c.find(0, 2, 0), nullptr);      // not a pair against the baseline
}

TEST(ComparisonTest, AllPairsModeComparesEachModelWithEveryLaterOne) {
    const Evaluation e = threeModelEvaluation();
    const Comparison all = compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::None, std::nullopt));
    ASSERT_EQ(all.pairs.size(), 6u);  // 3 pairs × 2 metrics
    const std::vector<std::array<std::size_t, 3>> expected{{0, 1, 0}, {0, 2, 0}, {1, 2, 0},
                                                           {0, 1, 1}, {0, 2, 1}, {1, 2, 1}};
    for (std::size_t p = 0; p < 6; ++p) {
        EXPECT_EQ(all.pairs[p].a, expected[p][0]);
        EXPECT_EQ(all.pairs[p].b, expected[p][1]);
        EXPECT_EQ(all.pairs[p].metric, expected[p][2]);
    }
    // (C, B) against baseline B is (B, C) of all pairs, reversed.
    const Comparison base = compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::None, 1));
    const PairComparison* cb = base.find(2, 1, 0);
    const PairComparison* bc = all.find(1, 2, 0);
    ASSERT_TRUE(cb && bc);
    EXPECT_EQ(cb->a, 2u);
    EXPECT_EQ(bc->a, 1u);
    EXPECT_TRUE(close(cb->meanDiff, -bc->meanDiff, 1e-12, 1e-15));
    EXPECT_TRUE(close(cb->tests[0].pvalue, bc->tests[0].pvalue, 1e-12, 1e-15));
    EXPECT_EQ(cb->winsTiesLosses.wins, bc->winsTiesLosses.losses);
}

TEST(ComparisonTest, CorrectionsRunOverTheWholeFamilyOfPairsAndMetrics) {
    const Evaluation e = threeModelEvaluation();
    for (const std::optional<std::size_t> baseline : {std::optional<std::size_t>(1), std::optional<std::size_t>()}) {
        const auto tests = std::vector<SignificanceTest>{SignificanceTest::TTest, SignificanceTest::Wilcoxon};
        const Comparison none = compareEvaluation(e, comparisonOptions(tests, Correction::None, baseline));
        const std::size_t family = baseline ? 4 : 6;
        ASSERT_EQ(none.pairs.size(), family);
        for (std::size_t t = 0; t < tests.size(); ++t) {
            const std::vector<double> p = rawPValues(none, t);
            for (double v : p) ASSERT_FALSE(std::isnan(v));
            const std::vector<std::pair<Correction, std::vector<double>>> methods{
                {Correction::Bonferroni, bonferroni(p)},
                {Correction::Holm, holm(p)},
                {Correction::BenjaminiHochberg, benjaminiHochberg(p)}};
            for (const auto& [method, expected] : methods) {
                const Comparison c = compareEvaluation(e, comparisonOptions(tests, method, baseline));
                for (std::size_t k = 0; k < family; ++k) {
                    const TestOutcome& outcome = c.pairs[k].tests[t];
                    EXPECT_TRUE(sameBits(outcome.pvalue, p[k]));
                    EXPECT_TRUE(close(outcome.adjusted, expected[k], 1e-14, 1e-300))
                        << toString(method) << " pair " << k << " test " << t;
                    EXPECT_EQ(outcome.significant, expected[k] <= 0.05) << toString(method) << " pair " << k;
                }
            }
        }
    }
}

TEST(ComparisonTest, CorrectionOfTheGoldenPairFamilyByHand) {
    // Family of 2 (one pair × two metrics), t-test p-values from scipy:
    // exact_noties_n14 and perm_n14. Bonferroni: 2p; Holm: 2·p_(1), then
    // max(that, p_(2)); BH: p_(2), then min(p_(2), 2·p_(1)).
    const double p0 = number(pairedCase("exact_noties_n14").json["ttest_rel"], "pvalue");
    const double p1 = number(pairedCase("perm_n14").json["ttest_rel"], "pvalue");
    const double lo = std::min(p0, p1), hi = std::max(p0, p1);
    const Evaluation e = goldenPairEvaluation();
    const Comparison b = compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::Bonferroni, 1));
    EXPECT_TRUE(close(b.pairs[0].tests[0].adjusted, std::min(1.0, 2 * p0), 1e-12));
    EXPECT_TRUE(close(b.pairs[1].tests[0].adjusted, std::min(1.0, 2 * p1), 1e-12));
    const Comparison h = compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::Holm, 1));
    const double holmLo = std::min(1.0, 2 * lo), holmHi = std::max(holmLo, hi);
    EXPECT_TRUE(close(h.pairs[p0 <= p1 ? 0 : 1].tests[0].adjusted, holmLo, 1e-12));
    EXPECT_TRUE(close(h.pairs[p0 <= p1 ? 1 : 0].tests[0].adjusted, holmHi, 1e-12));
    const Comparison f = compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::BenjaminiHochberg, 1));
    EXPECT_TRUE(close(f.pairs[p0 <= p1 ? 1 : 0].tests[0].adjusted, hi, 1e-12));
    EXPECT_TRUE(close(f.pairs[p0 <= p1 ? 0 : 1].tests[0].adjusted, std::min(hi, 2 * lo), 1e-12));
}

TEST(ComparisonTest, BestIsTheHighestMeanAndTheFirstModelOnTies) {
    // ndcg@10: means 0.5, 0.25, 0.75 -> C; ndcg@20: B and C tie at 0.5 -> B.
    const Evaluation e = makeEvaluation("ndcg@10,ndcg@20", {"A", "B", "C"},
                                        {{{0.5, 0.5, 0.5, 0.5}, {0.25, 0.25, 0.25, 0.25}},
                                         {{0.0, 0.5, 0.0, 0.5}, {1.0, 0.0, 1.0, 0.0}},
                                         {{1.0, 0.5, 1.0, 0.5}, {0.5, 0.5, 0.5, 0.5}}});
    const Comparison c = compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::Holm, 0));
    EXPECT_EQ(c.best, (std::vector<std::size_t>{2, 1}));
    EXPECT_EQ(c.means[2][0].moments.mean, 0.75);
    EXPECT_EQ(c.means[1][1].moments.mean, 0.5);
}

TEST(ComparisonTest, TestListsParseAliasesAndRejectUnknownNames) {
    EXPECT_EQ(parseSignificanceTests("t,wilcoxon,randomization,bootstrap"),
              (std::vector<SignificanceTest>{SignificanceTest::TTest, SignificanceTest::Wilcoxon,
                                             SignificanceTest::Randomization, SignificanceTest::Bootstrap}));
    EXPECT_EQ(parseSignificanceTests("ttest,signed-rank,t"),
              (std::vector<SignificanceTest>{SignificanceTest::TTest, SignificanceTest::Wilcoxon}));
    try {
        parseSignificanceTests("t,mannwhitney");
        FAIL() << "no error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("'mannwhitney'"), std::string::npos) << error.what();
    }
    EXPECT_THROW(parseSignificanceTests(""), Error);
    EXPECT_THROW(parseSignificanceTests("t,,wilcoxon"), Error);
}

TEST(ComparisonTest, BadBaselineMetricLevelOrAlphaIsAnError) {
    const Evaluation e = goldenPairEvaluation();
    EXPECT_THROW(compareEvaluation(e, comparisonOptions({SignificanceTest::TTest}, Correction::Holm, 2)), Error);
    ComparisonOptions o = comparisonOptions({SignificanceTest::TTest}, Correction::Holm, 0);
    o.metrics = {2};
    EXPECT_THROW(compareEvaluation(e, o), Error);
    o.metrics = {};
    o.alpha = 0;
    EXPECT_THROW(compareEvaluation(e, o), Error);
    o.alpha = 0.05;
    o.level = 1;
    EXPECT_THROW(compareEvaluation(e, o), Error);
}

} // namespace
