#pragma once
// Models compared on an Evaluation's per-user table, as the summary table and
// `ranklab-cli compare` show them:
//  * per model and metric: the mean with its Student's t CI and (optionally)
//    its percentile bootstrap CI;
//  * per pair of models (each model against a baseline, or all pairs) and
//    metric: the mean difference a − b with its t CI and paired bootstrap CI,
//    Cohen's d_z, wins/ties/losses, and the chosen significance tests, each
//    test's p-values corrected over the whole family reported (pairs × metric
//    columns).
// The bootstrap draws the same users for every model and metric, so a pair's
// resampled difference is the difference of the two resampled means; its
// bootstrap test (below) uses those same resamples.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/evaluation.h"
#include "metrics/metric_record.h"
#include "stats/bootstrap.h"
#include "stats/corrections.h"
#include "stats/effect_size.h"
#include "stats/many_model_tests.h"
#include "stats/mean_ci.h"
#include "stats/practical_significance.h"
#include "stats/randomization_test.h"
#include "stats/user_layout.h"
#include "stats/resampling.h"
#include "stats/significance_test.h"
#include "stats/wilcoxon.h"

namespace ranklab::stats {

// The pairs compared (a, b): against a baseline, (m, baseline) for every
// other m; without one, (i, j) for every i < j.
std::vector<std::pair<std::size_t, std::size_t>> comparedPairs(std::size_t models,
                                                               std::optional<std::size_t> baseline);

struct ComparisonOptions {
    std::vector<SignificanceTest> tests{SignificanceTest::TTest};
    Correction correction = Correction::Holm;
    double alpha = 0.05;
    double level = 0.95;                  // of every interval
    std::optional<std::size_t> baseline;  // a model index; none: all pairs
    bool bootstrapIntervals = true;       // percentile CIs of the means and differences
    std::vector<std::size_t> metrics;     // evaluation columns compared; empty: all
    // Many-model procedures over all the models of each metric column
    // (many_model_tests.h), whatever the baseline; they are not corrected
    // further (each adjusts for all pairs of models itself).
    std::vector<ManyModelTest> many;
    WilcoxonOptions wilcoxon{};
    // δ per metric (practical_significance.h): pairs of a metric with a δ get
    // TOST and the better/worse/equivalent/inconclusive class at alpha; a
    // relative δ is a percentage of b's mean.
    MinEffects minEffect;
    std::size_t randomizationExactMaxN = 16;
    ResamplingOptions resampling{};  // B, seed and threads; its progress is told the fraction done
};

struct MeanSummary {
    Moments moments;  // n, mean, sd
    TInterval t;
    std::optional<BootstrapInterval> bootstrap;
};

struct TestOutcome {
    SignificanceTest test = SignificanceTest::TTest;
    // t: the t statistic; wilcoxon: T = min(r+, r−); randomization and
    // bootstrap: the observed mean difference.
    double statistic = kNaN;
    double pvalue = kNaN;
    double adjusted = kNaN;    // after the correction over the family
    bool significant = false;  // rejected at alpha by the correction
};

struct PairComparison {
    std::size_t a = 0, b = 0;  // model indices; differences are a − b
    std::size_t metric = 0;    // evaluation column
    std::size_t n = 0;         // users
    double meanDiff = kNaN;
    Moments difference;        // of d = a − b (n, mean, sd): α and δ re-mark from it
    TInterval ciT;                                  // t CI of the mean difference
    std::optional<BootstrapInterval> ciBootstrap;   // paired bootstrap CI
    double cohensDz = kNaN;
    WinsTiesLosses winsTiesLosses;
    std::vector<TestOutcome> tests;  // in options.tests order
    std::vector<ManyPairOutcome> manyTests;  // in options.many order
    // Matched-pairs rank-biserial correlation beside Wilcoxon; NaN unless
    // the Wilcoxon test was run.
    double rankBiserial = kNaN;
    // Set when options.minEffect has a δ for this metric.
    std::optional<PracticalSignificance> practical;

    const TestOutcome* find(SignificanceTest test) const;
    const ManyPairOutcome* find(ManyModelTest test) const;
};

struct Comparison {
    ComparisonOptions options;               // as used (progress cleared)
    std::vector<std::size_t> metrics;        // the evaluation columns compared
    std::vector<std::string> metricIds;      // their canonical ids
    std::vector<std::string> models;         // names, in evaluation order
    std::vector<std::vector<MeanSummary>> means;  // [model][i], i indexes `metrics`
    std::vector<std::size_t> best;           // [i]: the model with the best mean (the first on ties):
                                             // the highest, or the lowest where lower is better
    std::vector<Direction> directions;       // [i]: the metric record's direction (see direction())
    // For each metric in `metrics` order: against a baseline, (m, baseline)
    // for every other model m in model order; all pairs, (i, j) for i < j.
    std::vector<PairComparison> pairs;
    std::size_t users = 0;  // rows of the per-user table
    // The omnibus results of options.many: for each metric in `metrics`
    // order, one per procedure in options.many order.
    std::vector<ManyModelSummary> many;
    // The bootstrap intervals resample users, then each model's runs
    // (repeated runs: stats/run_spread.h), not users alone.
    bool twoLevelBootstrap = false;

    // The pair (a, b) on evaluation column `metric`, either orientation
    // stored; null when not compared.
    const PairComparison* find(std::size_t a, std::size_t b, std::size_t metric) const;
    // The direction of the i-th compared metric (higher is better when unknown).
    Direction direction(std::size_t i) const {
        return i < directions.size() ? directions[i] : Direction::HigherIsBetter;
    }
};

// Whether the options need the bootstrap's resampled means (its intervals or test).
bool needsResampledMeans(const ComparisonOptions& options);
// The bootstrap test's p from a pair's resampled means and its observed
// mean difference: (1 + #{|d̄* − d̄| ≥ |d̄| − 1e-12})/(1 + B); NaN without resamples.
double bootstrapPValue(std::span<const double> resampledA, std::span<const double> resampledB, double observed);
// The randomization test of each column of differences (rows as the layout
// orders them; observed[c] their moments): every sign vector in the
// layout's user order up to options.exactMaxN users, else the flips keyed
// by user (keyed_flips.h).
std::vector<RandomizationResult> keyedRandomizationTests(const UserLayout& layout,
                                                         std::span<const std::span<const double>> differences,
                                                         std::span<const Moments> observed,
                                                         const RandomizationOptions& options);

// Throws ranklab::Error for a baseline or metric out of range or a bad
// level/alpha, Cancelled when options.resampling.progress is cancelled.
// Results are identical for any thread count.
Comparison compareEvaluation(const Evaluation& evaluation, const ComparisonOptions& options = {});

} // namespace ranklab::stats
