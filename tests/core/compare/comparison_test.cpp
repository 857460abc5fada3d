// compareEvaluation on hand-made Evaluations whose per-user columns are the
// scipy golden cases (tests/data/stats): the pair's tests equal scipy's, the
// family is pairs × metrics and its corrections equal the textbook formulas
// written out here, the orientation and count of the pairs follow the mode,
// the bootstrap and randomization results equal brute-force computations
// written here, and nothing depends on the thread count.
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
#include "core/stats/golden_cases.h"
#include "compare/model_comparison.h"
#include "stats/resampled_means.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::close;
using golden::number;
using golden::pairedCase;
using golden::sameBits;

namespace {

using Column = std::vector<double>;

// columns[model][metric] holds one value per user.
Evaluation makeEvaluation(const std::string& metrics, const std::vector<std::string>& names,
                          const std::vector<std::vector<Column>>& columns) {
    Evaluation e;
    e.settings.metrics = expandMetrics(metrics, {});
    const std::size_t metricCount = e.settings.metrics.size();
    const std::size_t n = columns.at(0).at(0).size();
    for (std::size_t u = 0; u < n; ++u) e.users.push_back(static_cast<UserId>(u));
    e.counts.evaluated = n;
    for (std::size_t m = 0; m < names.size(); ++m) {
        ModelValues model{names[m], std::vector<double>(n * metricCount), std::vector<double>(metricCount)};
        for (std::size_t c = 0; c < metricCount; ++c) {
            for (std::size_t u = 0; u < n; ++u) model.perUser[u * metricCount + c] = columns[m][c].at(u);
            model.means[c] = std::accumulate(columns[m][c].begin(), columns[m][c].end(), 0.0) / static_cast<double>(n);
        }
        e.models.push_back(std::move(model));
    }
    return e;
}

// Two models, A and B, on 14 users: ndcg@10 is golden case exact_noties_n14
// (a, b), ndcg@20 is perm_n14 (a, b).
Evaluation goldenPairEvaluation() {
    const auto& c0 = pairedCase("exact_noties_n14");
    const auto& c1 = pairedCase("perm_n14");
    return makeEvaluation("ndcg@10,ndcg@20", {"A", "B"}, {{c0.a, c1.a}, {c0.b, c1.b}});
}

// Three models on the same 14 users; C reuses golden vectors in other roles.
Evaluation threeModelEvaluation() {
    const auto& c0 = pairedCase("exact_noties_n14");
    const auto& c1 = pairedCase("perm_n14");
    return makeEvaluation("ndcg@10,ndcg@20", {"A", "B", "C"}, {{c0.a, c1.a}, {c0.b, c1.b}, {c1.a, c0.b}});
}

ComparisonOptions options(std::vector<SignificanceTest> tests, Correction correction,
                          std::optional<std::size_t> baseline) {
    ComparisonOptions o;
    o.tests = std::move(tests);
    o.correction = correction;
    o.baseline = baseline;
    o.resampling.resamples = 2000;
    o.resampling.seed = 7;
    return o;
}

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

// Two-sided sign-flip p by enumerating all 2^n sign vectors.
double enumeratedSignFlipP(const std::vector<double>& d) {
    const std::size_t n = d.size();
    double observed = 0;
    for (double v : d) observed += v;
    observed = std::fabs(observed / static_cast<double>(n));
    std::uint64_t count = 0;
    for (std::uint64_t signs = 0; signs < (std::uint64_t{1} << n); ++signs) {
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i) sum += (signs >> i & 1u) ? -d[i] : d[i];
        count += std::fabs(sum / static_cast<double>(n)) >= observed - 1e-12;
    }
    return static_cast<double>(count) / static_cast<double>(std::uint64_t{1} << n);
}

std::vector<double> minus(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> d;
    for (std::size_t i = 0; i < a.size(); ++i) d.push_back(a[i] - b[i]);
    return d;
}

TEST(ComparisonTest, PairTestsEqualScipyOnTheGoldenColumns) {
    const Evaluation e = goldenPairEvaluation();
    const Comparison c = compareEvaluation(
        e, options({SignificanceTest::TTest, SignificanceTest::Wilcoxon, SignificanceTest::Randomization},
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
    const Comparison c = compareEvaluation(e, options({SignificanceTest::TTest}, Correction::Holm, 1));
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
    const Comparison all = compareEvaluation(e, options({SignificanceTest::TTest}, Correction::None, std::nullopt));
    ASSERT_EQ(all.pairs.size(), 6u);  // 3 pairs × 2 metrics
    const std::vector<std::array<std::size_t, 3>> expected{{0, 1, 0}, {0, 2, 0}, {1, 2, 0},
                                                           {0, 1, 1}, {0, 2, 1}, {1, 2, 1}};
    for (std::size_t p = 0; p < 6; ++p) {
        EXPECT_EQ(all.pairs[p].a, expected[p][0]);
        EXPECT_EQ(all.pairs[p].b, expected[p][1]);
        EXPECT_EQ(all.pairs[p].metric, expected[p][2]);
    }
    // (C, B) against baseline B is (B, C) of all pairs, reversed.
    const Comparison base = compareEvaluation(e, options({SignificanceTest::TTest}, Correction::None, 1));
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
        const Comparison none = compareEvaluation(e, options(tests, Correction::None, baseline));
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
                const Comparison c = compareEvaluation(e, options(tests, method, baseline));
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
    const Comparison b = compareEvaluation(e, options({SignificanceTest::TTest}, Correction::Bonferroni, 1));
    EXPECT_TRUE(close(b.pairs[0].tests[0].adjusted, std::min(1.0, 2 * p0), 1e-12));
    EXPECT_TRUE(close(b.pairs[1].tests[0].adjusted, std::min(1.0, 2 * p1), 1e-12));
    const Comparison h = compareEvaluation(e, options({SignificanceTest::TTest}, Correction::Holm, 1));
    const double holmLo = std::min(1.0, 2 * lo), holmHi = std::max(holmLo, hi);
    EXPECT_TRUE(close(h.pairs[p0 <= p1 ? 0 : 1].tests[0].adjusted, holmLo, 1e-12));
    EXPECT_TRUE(close(h.pairs[p0 <= p1 ? 1 : 0].tests[0].adjusted, holmHi, 1e-12));
    const Comparison f = compareEvaluation(e, options({SignificanceTest::TTest}, Correction::BenjaminiHochberg, 1));
    EXPECT_TRUE(close(f.pairs[p0 <= p1 ? 1 : 0].tests[0].adjusted, hi, 1e-12));
    EXPECT_TRUE(close(f.pairs[p0 <= p1 ? 0 : 1].tests[0].adjusted, std::min(hi, 2 * lo), 1e-12));
}

TEST(ComparisonTest, BestIsTheHighestMeanAndTheFirstModelOnTies) {
    // ndcg@10: means 0.5, 0.25, 0.75 -> C; ndcg@20: B and C tie at 0.5 -> B.
    const Evaluation e = makeEvaluation("ndcg@10,ndcg@20", {"A", "B", "C"},
                                        {{{0.5, 0.5, 0.5, 0.5}, {0.25, 0.25, 0.25, 0.25}},
                                         {{0.0, 0.5, 0.0, 0.5}, {1.0, 0.0, 1.0, 0.0}},
                                         {{1.0, 0.5, 1.0, 0.5}, {0.5, 0.5, 0.5, 0.5}}});
    const Comparison c = compareEvaluation(e, options({SignificanceTest::TTest}, Correction::Holm, 0));
    EXPECT_EQ(c.best, (std::vector<std::size_t>{2, 1}));
    EXPECT_EQ(c.means[2][0].moments.mean, 0.75);
    EXPECT_EQ(c.means[1][1].moments.mean, 0.5);
}

// The bootstrap draws are keyed by user (keyed_bootstrap.h): the pair's
// interval is the keyed bootstrap of its differences with the same seed.
TEST(ComparisonTest, PairedBootstrapCiIsTheBootstrapOfTheDifferencesWithTheSameSeed) {
    const Evaluation e = threeModelEvaluation();
    const ComparisonOptions o = options({SignificanceTest::TTest}, Correction::Holm, std::nullopt);
    const Comparison c = compareEvaluation(e, o);
    for (const auto& pair : c.pairs) {
        ASSERT_TRUE(pair.ciBootstrap.has_value());
        const auto d = minus(perUserColumn(e, pair.a, pair.metric), perUserColumn(e, pair.b, pair.metric));
        const std::span<const double> dColumn(d);
        const BootstrapInterval alone =
            keyedBootstrapIntervals(e.keysOfRows(), std::span<const std::span<const double>>(&dColumn, 1), o.level,
                                    o.resampling)
                .front();
        EXPECT_NEAR(pair.ciBootstrap->lo, alone.lo, 1e-12);
        EXPECT_NEAR(pair.ciBootstrap->hi, alone.hi, 1e-12);
        EXPECT_EQ(pair.ciBootstrap->resamples, 2000u);
    }
    for (std::size_t m = 0; m < 3; ++m)
        for (std::size_t i = 0; i < 2; ++i) {
            const auto x = perUserColumn(e, m, i);
            const std::span<const double> xColumn(x);
            const BootstrapInterval alone =
                keyedBootstrapIntervals(e.keysOfRows(), std::span<const std::span<const double>>(&xColumn, 1), o.level,
                                        o.resampling)
                    .front();
            ASSERT_TRUE(c.means[m][i].bootstrap.has_value());
            EXPECT_NEAR(c.means[m][i].bootstrap->lo, alone.lo, 1e-12);
            EXPECT_NEAR(c.means[m][i].bootstrap->hi, alone.hi, 1e-12);
        }
}

TEST(ComparisonTest, BootstrapTestPCountsCentredResampledDifferencesAsExtremeAsTheObserved) {
    const Evaluation e = threeModelEvaluation();
    const ComparisonOptions o = options({SignificanceTest::Bootstrap}, Correction::None, std::nullopt);
    const Comparison c = compareEvaluation(e, o);
    for (const auto& pair : c.pairs) {
        // The one-sample bootstrap of d (same seed, so the same users drawn),
        // counted here: p = (1 + #{|d̄* − d̄| ≥ |d̄|}) / (1 + B).
        const auto d = minus(perUserColumn(e, pair.a, pair.metric), perUserColumn(e, pair.b, pair.metric));
        const double observed = std::accumulate(d.begin(), d.end(), 0.0) / static_cast<double>(d.size());
        const std::span<const double> column(d);
        const ResampledMeans means =
            keyedResampleMeans(e.keysOfRows(), std::span<const std::span<const double>>(&column, 1), o.resampling);
        std::size_t count = 0;
        for (double m : means.column(0)) count += std::fabs(m - observed) >= std::fabs(observed) - 1e-12;
        const double expected = (1.0 + static_cast<double>(count)) / 2001.0;
        const TestOutcome* outcome = pair.find(SignificanceTest::Bootstrap);
        ASSERT_NE(outcome, nullptr);
        EXPECT_DOUBLE_EQ(outcome->pvalue, expected) << pair.a << " vs " << pair.b << " on " << pair.metric;
        EXPECT_TRUE(close(outcome->statistic, observed, 1e-12, 1e-15));
        EXPECT_TRUE(sameBits(outcome->adjusted, outcome->pvalue));
    }
}

TEST(ComparisonTest, RandomizationPUpToSixteenUsersEqualsEnumerationOfEverySignVector) {
    const Evaluation e = threeModelEvaluation();
    const Comparison c =
        compareEvaluation(e, options({SignificanceTest::Randomization}, Correction::None, std::nullopt));
    for (const auto& pair : c.pairs) {
        const auto d = minus(perUserColumn(e, pair.a, pair.metric), perUserColumn(e, pair.b, pair.metric));
        EXPECT_EQ(pair.tests[0].pvalue, enumeratedSignFlipP(d)) << pair.a << " vs " << pair.b;
    }
    // And the golden counts of perm_n14 (scipy-side enumeration).
    const auto& g = pairedCase("perm_n14").json["randomization_exact"];
    EXPECT_EQ(c.find(0, 1, 1)->tests[0].pvalue,
              g["count_ge"].get<double>() / g["n_flips"].get<double>());
}

TEST(ComparisonTest, ResultsAreBitIdenticalForOneTwoAndEightThreads) {
    // 51 users: the randomization test draws random flips.
    const auto& c0 = pairedCase("ndcg_n51");
    const auto& c1 = pairedCase("nozero_n51");
    const Evaluation e =
        makeEvaluation("ndcg@10,ndcg@20", {"A", "B", "C"}, {{c0.a, c1.a}, {c0.b, c1.b}, {c1.b, c0.a}});
    auto run = [&](int threads) {
        ComparisonOptions o = options({SignificanceTest::TTest, SignificanceTest::Wilcoxon,
                                       SignificanceTest::Randomization, SignificanceTest::Bootstrap},
                                      Correction::Holm, std::nullopt);
        o.resampling.parallelism = Parallelism(threads);
        return compareEvaluation(e, o);
    };
    const Comparison one = run(1);
    for (int threads : {2, 8}) {
        const Comparison other = run(threads);
        ASSERT_EQ(other.pairs.size(), one.pairs.size());
        for (std::size_t p = 0; p < one.pairs.size(); ++p) {
            EXPECT_TRUE(sameBits(other.pairs[p].ciBootstrap->lo, one.pairs[p].ciBootstrap->lo));
            EXPECT_TRUE(sameBits(other.pairs[p].ciBootstrap->hi, one.pairs[p].ciBootstrap->hi));
            for (std::size_t t = 0; t < 4; ++t) {
                EXPECT_TRUE(sameBits(other.pairs[p].tests[t].statistic, one.pairs[p].tests[t].statistic));
                EXPECT_TRUE(sameBits(other.pairs[p].tests[t].pvalue, one.pairs[p].tests[t].pvalue));
                EXPECT_TRUE(sameBits(other.pairs[p].tests[t].adjusted, one.pairs[p].tests[t].adjusted));
            }
        }
        for (std::size_t m = 0; m < 3; ++m)
            for (std::size_t i = 0; i < 2; ++i) {
                EXPECT_TRUE(sameBits(other.means[m][i].bootstrap->lo, one.means[m][i].bootstrap->lo));
                EXPECT_TRUE(sameBits(other.means[m][i].bootstrap->hi, one.means[m][i].bootstrap->hi));
            }
    }
    // 51 users: the flips are random, p = (1 + count) / (1 + B).
    const double p = one.pairs[0].tests[2].pvalue;
    EXPECT_NEAR(p * 2001.0, std::round(p * 2001.0), 1e-9) << p;
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
    EXPECT_THROW(compareEvaluation(e, options({SignificanceTest::TTest}, Correction::Holm, 2)), Error);
    ComparisonOptions o = options({SignificanceTest::TTest}, Correction::Holm, 0);
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
