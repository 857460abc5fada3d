#include "compare/comparison.h"
#include "compare/comparison_assembly.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "common/error.h"
#include "common/progress.h"
#include "metrics/metric_record.h"
#include "metrics/metric_spec.h"
#include "compare/many_model_comparison.h"
#include "compare/model_comparison.h"
#include "stats/paired_t_test.h"
#include "stats/randomization_test.h"
#include "stats/keyed_bootstrap.h"
#include "stats/keyed_flips.h"
#include "stats/resampled_means.h"

namespace ranklab::stats {

namespace {

// Same tolerance as the randomization test: exact ties of means count as
// "at least as extreme" whatever the summation order.
constexpr double kMeanTolerance = 1e-12;

void validate(const Evaluation& evaluation, const ComparisonOptions& options) {
    if (options.baseline && *options.baseline >= evaluation.models.size())
        throw Error(std::string("baseline model ").append(std::to_string(*options.baseline)).append(" out of range"));
    for (std::size_t m : options.metrics)
        if (m >= evaluation.metricCount())
            throw Error(std::string("metric column ").append(std::to_string(m)).append(" out of range"));
        else if (evaluation.isSetLevel(m))
            throw Error(evaluation.settings.metrics[m].id() + " is a set-level statistic: it has no per-user values to "
                                                              "compare");
    if (!(options.level > 0 && options.level < 1))
        throw Error(std::string("confidence level must lie in (0, 1): ").append(std::to_string(options.level)));
    if (!(options.alpha > 0 && options.alpha < 1))
        throw Error(std::string("alpha must lie in (0, 1): ").append(std::to_string(options.alpha)));
}

} // namespace

bool needsResampledMeans(const ComparisonOptions& options) {
    return options.bootstrapIntervals ||
           std::find(options.tests.begin(), options.tests.end(), SignificanceTest::Bootstrap) != options.tests.end();
}

double bootstrapPValue(std::span<const double> resampledA, std::span<const double> resampledB, double observed) {
    if (resampledA.empty() || std::isnan(observed)) return kNaN;
    const double threshold = std::fabs(observed) - kMeanTolerance;
    std::size_t count = 0;
    for (std::size_t r = 0; r < resampledA.size(); ++r)
        count += std::fabs((resampledA[r] - resampledB[r]) - observed) >= threshold;
    return (1.0 + static_cast<double>(count)) / (1.0 + static_cast<double>(resampledA.size()));
}

std::vector<RandomizationResult> keyedRandomizationTests(const UserLayout& layout,
                                                         std::span<const std::span<const double>> differences,
                                                         std::span<const Moments> observed,
                                                         const RandomizationOptions& options) {
    const std::size_t n = layout.size();
    if (n <= options.exactMaxN) {
        // Every sign vector: the users in the layout's order, as a sharded
        // comparison gathers them.
        std::vector<std::vector<double>> ordered(differences.size(), std::vector<double>(n));
        std::vector<std::span<const double>> spans;
        for (std::size_t c = 0; c < differences.size(); ++c) {
            for (std::size_t p = 0; p < n; ++p) ordered[c][p] = differences[c][layout.rows[p]];
            spans.emplace_back(ordered[c]);
        }
        return randomizationTests(spans, options);
    }
    const FlipSums sums = keyedFlipSums(layout, differences, 0, kTreeLeaves, options.resampling);
    std::vector<const TreeNode*> flipped, totals;
    for (const auto& node : sums.flipped) flipped.push_back(&node);
    for (const auto& node : sums.totals) totals.push_back(&node);
    std::vector<double> means;
    for (const Moments& m : observed) means.push_back(m.mean);
    return keyedFlipTests(flipped, totals, differences.size(), sums.flips, means, n, options.tolerance);
}

std::vector<std::pair<std::size_t, std::size_t>> comparedPairs(std::size_t models,
                                                               std::optional<std::size_t> baseline) {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < models; ++i) {
        if (baseline) {
            if (i != *baseline) pairs.emplace_back(i, *baseline);
        } else {
            for (std::size_t j = i + 1; j < models; ++j) pairs.emplace_back(i, j);
        }
    }
    return pairs;
}

const TestOutcome* PairComparison::find(SignificanceTest test) const {
    for (const auto& outcome : tests)
        if (outcome.test == test) return &outcome;
    return nullptr;
}

const ManyPairOutcome* PairComparison::find(ManyModelTest test) const {
    for (const auto& outcome : manyTests)
        if (outcome.test == test) return &outcome;
    return nullptr;
}

const PairComparison* Comparison::find(std::size_t a, std::size_t b, std::size_t metric) const {
    for (const auto& pair : pairs)
        if (pair.metric == metric && ((pair.a == a && pair.b == b) || (pair.a == b && pair.b == a))) return &pair;
    return nullptr;
}

Comparison compareEvaluation(const Evaluation& evaluation, const ComparisonOptions& options) {
    validate(evaluation, options);
    // The randomized Tukey HSD is the heaviest part when asked for.
    const Progress* outer = options.resampling.progress;
    const bool manyHeavy = std::find(options.many.begin(), options.many.end(), ManyModelTest::RandomizedTukey) !=
                           options.many.end();
    const double pairedShare = options.many.empty() ? 1.0 : manyHeavy ? 0.4 : 0.9;
    std::optional<Progress> pairedPart;
    const Progress* progress = outer && pairedShare < 1.0 ? &pairedPart.emplace(*outer, 0.0, pairedShare) : outer;
    if (progress) progress->check();

    ComparisonParts parts;
    parts.options = options;
    parts.options.resampling.progress = nullptr;
    parts.users = evaluation.users.size();
    if (options.metrics.empty()) {
        // Set-level columns have no per-user values to test (evaluation.h).
        for (std::size_t m = 0; m < evaluation.metricCount(); ++m)
            if (!evaluation.isSetLevel(m)) parts.metrics.push_back(m);
    } else {
        parts.metrics = options.metrics;
    }
    for (std::size_t column : parts.metrics) {
        parts.metricIds.push_back(evaluation.settings.metrics[column].id());
        parts.directions.push_back(directionOf(evaluation.settings.metrics[column]));
    }
    const std::size_t modelCount = evaluation.models.size();
    const std::size_t metricCount = parts.metrics.size();
    for (const auto& model : evaluation.models) parts.models.push_back(model.name);

    // The per-user columns, [model][i].
    std::vector<std::vector<std::vector<double>>> values(modelCount);
    for (std::size_t model = 0; model < modelCount; ++model)
        for (std::size_t column : parts.metrics) values[model].push_back(perUserColumn(evaluation, model, column));

    // Each column's moments, and its value when every user has the same.
    parts.means.assign(modelCount, std::vector<Moments>(metricCount));
    parts.constants.assign(modelCount, std::vector<std::optional<double>>(metricCount));
    options.resampling.parallelism.forEach(0, modelCount * metricCount, 1, [&](std::size_t cell) {
        const auto& x = values[cell / metricCount][cell % metricCount];
        parts.means[cell / metricCount][cell % metricCount] = moments(x);
        if (!x.empty() && std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); }))
            parts.constants[cell / metricCount][cell % metricCount] = x.front();
    });

    // One bootstrap over every model and metric: shared draws, keyed by user
    // (keyed_bootstrap.h), so a sharded comparison draws the same.
    const bool resample = needsResampledMeans(options) && modelCount > 0 && metricCount > 0;
    const bool flips = std::find(options.tests.begin(), options.tests.end(), SignificanceTest::Randomization) !=
                       options.tests.end();
    const bool wilcoxonAsked = std::find(options.tests.begin(), options.tests.end(), SignificanceTest::Wilcoxon) !=
                               options.tests.end();
    std::optional<UserLayout> layout;
    if (resample || flips) layout.emplace(UserLayout::of(evaluation.keysOfRows()));
    const double resampleShare = resample ? (flips ? 0.45 : 0.9) : 0.0;
    const double flipsEnd = flips ? 0.9 : resampleShare;
    if (resample) {
        std::vector<std::span<const double>> columns;
        for (std::size_t model = 0; model < modelCount; ++model)
            for (std::size_t i = 0; i < metricCount; ++i) columns.emplace_back(values[model][i]);
        std::optional<Progress> part;
        ResamplingOptions resampling = options.resampling;
        resampling.progress = progress ? &part.emplace(*progress, 0.0, resampleShare) : nullptr;
        const auto sums = keyedBootstrapSums(*layout, columns, layout->bucketSizes(), 0, kTreeLeaves, resampling);
        std::vector<const TreeNode*> nodes;
        for (const auto& node : sums) nodes.push_back(&node);
        parts.resampled = keyedMeans(nodes, columns.size(), resampling.resamples, layout->size());
    }

    // The pairs, metric-major. Each pair's differences, their moments,
    // wins/ties/losses and rank test in parallel; the differences are kept
    // only for the randomization test.
    const auto pairsOfModels = comparedPairs(modelCount, options.baseline);
    const std::size_t pairCount = pairsOfModels.size(), pairColumns = metricCount * pairCount;
    std::vector<std::vector<double>> diffs(flips ? pairColumns : 0);
    parts.pairs.assign(pairColumns, {});
    options.resampling.parallelism.forEach(0, pairColumns, 1, [&](std::size_t p) {
        if (progress) progress->check();
        const std::size_t i = p / pairCount;
        const auto [a, b] = pairsOfModels[p % pairCount];
        thread_local std::vector<double> scratch;
        std::vector<double>& d = flips ? diffs[p] : scratch;
        const auto& va = values[a][i];
        const auto& vb = values[b][i];
        requireSameUsers(va, vb);
        d.resize(va.size());
        for (std::size_t u = 0; u < va.size(); ++u) d[u] = va[u] - vb[u];
        ComparisonParts::Pair& pair = parts.pairs[p];
        pair.difference = moments(d);
        pair.winsTiesLosses = winsTiesLosses(va, vb);
        pair.constantDifference = std::all_of(d.begin(), d.end(), [&](double v) { return v == d.front(); });
        if (wilcoxonAsked) pair.wilcoxon = wilcoxon(std::span<const double>(d), options.wilcoxon);
    });

    if (flips && pairColumns > 0) {
        std::vector<std::span<const double>> columns(diffs.begin(), diffs.end());
        std::vector<Moments> observed;
        for (const auto& pair : parts.pairs) observed.push_back(pair.difference);
        std::optional<Progress> part;
        RandomizationOptions randomization;
        randomization.exactMaxN = options.randomizationExactMaxN;
        randomization.resampling = options.resampling;
        randomization.resampling.progress = progress ? &part.emplace(*progress, resampleShare, flipsEnd) : nullptr;
        const auto results = keyedRandomizationTests(*layout, columns, observed, randomization);
        for (std::size_t p = 0; p < pairColumns; ++p) parts.pairs[p].randomization = results[p];
    }

    Comparison out = assembleComparison(parts);
    if (progress) progress->report(1.0);
    if (!options.many.empty()) {
        std::optional<Progress> manyPart;
        addManyModelTests(values, out, outer ? &manyPart.emplace(*outer, pairedShare, 1.0) : nullptr);
    }
    return out;
}

} // namespace ranklab::stats
