#include "compare/comparison.h"

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

    Comparison out;
    out.options = options;
    out.options.resampling.progress = nullptr;
    out.users = evaluation.users.size();
    if (options.metrics.empty()) {
        // Set-level columns have no per-user values to test (evaluation.h).
        for (std::size_t m = 0; m < evaluation.metricCount(); ++m)
            if (!evaluation.isSetLevel(m)) out.metrics.push_back(m);
    } else {
        out.metrics = options.metrics;
    }
    for (std::size_t column : out.metrics) out.metricIds.push_back(evaluation.settings.metrics[column].id());
    const std::size_t modelCount = evaluation.models.size();
    const std::size_t metricCount = out.metrics.size();
    for (const auto& model : evaluation.models) out.models.push_back(model.name);

    // The per-user columns, [model][i].
    std::vector<std::vector<std::vector<double>>> values(modelCount);
    for (std::size_t model = 0; model < modelCount; ++model)
        for (std::size_t column : out.metrics) values[model].push_back(perUserColumn(evaluation, model, column));

    // Means with t intervals, and the best model per metric.
    out.means.assign(modelCount, std::vector<MeanSummary>(metricCount));
    out.best.assign(metricCount, 0);
    options.resampling.parallelism.forEach(0, modelCount * metricCount, 1, [&](std::size_t cell) {
        auto& summary = out.means[cell / metricCount][cell % metricCount];
        summary.moments = moments(values[cell / metricCount][cell % metricCount]);
        summary.t = tInterval(summary.moments, options.level);
    });
    for (std::size_t i = 0; i < metricCount; ++i) {
        const Direction direction = directionOf(evaluation.settings.metrics[out.metrics[i]]);
        out.directions.push_back(direction);
        for (std::size_t model = 0; model < modelCount; ++model)
            if (isBetter(direction, out.means[model][i].moments.mean, out.means[out.best[i]][i].moments.mean))
                out.best[i] = model;
    }

    // One bootstrap over every model and metric: shared draws, keyed by user
    // (keyed_bootstrap.h), so a sharded comparison draws the same.
    const bool resample = needsResampledMeans(options) && modelCount > 0 && metricCount > 0;
    const bool flips = std::find(options.tests.begin(), options.tests.end(), SignificanceTest::Randomization) !=
                       options.tests.end();
    std::optional<UserLayout> layout;
    if (resample || flips) layout.emplace(UserLayout::of(evaluation.keysOfRows()));
    const double resampleShare = resample ? (flips ? 0.45 : 0.9) : 0.0;
    const double flipsEnd = flips ? 0.9 : resampleShare;
    ResampledMeans resampled;
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
        resampled = keyedMeans(nodes, columns.size(), resampling.resamples, layout->size());
        if (options.bootstrapIntervals && resampled.resamples > 0) {
            for (std::size_t model = 0; model < modelCount; ++model)
                for (std::size_t i = 0; i < metricCount; ++i) {
                    const auto& x = values[model][i];
                    const bool constant = std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); });
                    out.means[model][i].bootstrap =
                        constant ? BootstrapInterval{options.level, resampled.resamples, x.front(), x.front(), 0.0}
                                 : percentileInterval(resampled.column(model * metricCount + i), options.level);
                }
        }
    }
    auto resampledColumn = [&](std::size_t model, std::size_t i) {
        return resampled.resamples > 0 ? resampled.column(model * metricCount + i) : std::span<const double>{};
    };

    // The pairs, metric-major. Each pair's differences, their moments and
    // wins/ties/losses in parallel; the differences are kept only for the
    // tests that read them.
    const auto pairsOfModels = comparedPairs(modelCount, options.baseline);
    const std::size_t pairCount = pairsOfModels.size(), pairColumns = metricCount * pairCount;
    const bool keepDiffs = std::any_of(options.tests.begin(), options.tests.end(), [](SignificanceTest t) {
        return t == SignificanceTest::Wilcoxon || t == SignificanceTest::Randomization;
    });
    std::vector<std::vector<double>> diffs(keepDiffs ? pairColumns : 0);
    std::vector<Moments> diffMoments(pairColumns);
    std::vector<WinsTiesLosses> pairWtl(pairColumns);
    std::vector<char> constantDiff(pairColumns, 0);
    options.resampling.parallelism.forEach(0, pairColumns, 1, [&](std::size_t p) {
        if (progress) progress->check();
        const std::size_t i = p / pairCount;
        const auto [a, b] = pairsOfModels[p % pairCount];
        thread_local std::vector<double> scratch;
        std::vector<double>& d = keepDiffs ? diffs[p] : scratch;
        const auto& va = values[a][i];
        const auto& vb = values[b][i];
        requireSameUsers(va, vb);
        d.resize(va.size());
        for (std::size_t u = 0; u < va.size(); ++u) d[u] = va[u] - vb[u];
        diffMoments[p] = moments(d);
        pairWtl[p] = winsTiesLosses(va, vb);
        constantDiff[p] = std::all_of(d.begin(), d.end(), [&](double v) { return v == d.front(); }) ? 1 : 0;
    });
    for (std::size_t i = 0; i < metricCount; ++i) {
        for (std::size_t q = 0; q < pairCount; ++q) {
            const auto [a, b] = pairsOfModels[q];
            const std::size_t p = i * pairCount + q;
            PairComparison pair;
            pair.a = a;
            pair.b = b;
            pair.metric = out.metrics[i];
            const Moments& dm = diffMoments[p];
            pair.n = dm.n;
            pair.meanDiff = dm.mean;
            pair.ciT = tInterval(dm, options.level);
            pair.cohensDz = cohensDz(dm);
            pair.winsTiesLosses = pairWtl[p];
            if (options.bootstrapIntervals && resampled.resamples > 0) {
                const auto ra = resampledColumn(a, i), rb = resampledColumn(b, i);
                std::vector<double> rd(ra.size());
                for (std::size_t r = 0; r < ra.size(); ++r) rd[r] = ra[r] - rb[r];
                pair.ciBootstrap = constantDiff[p]
                                       ? BootstrapInterval{options.level, rd.size(), dm.mean, dm.mean, 0.0}
                                       : percentileInterval(rd, options.level);
            }
            if (const auto minEffect = options.minEffect.find(out.metricIds[i]))
                pair.practical = practicalSignificance(dm, *minEffect, out.means[b][i].moments.mean, options.alpha,
                                                       out.direction(i) != Direction::LowerIsBetter);
            for (SignificanceTest test : options.tests) pair.tests.push_back({test});
            out.pairs.push_back(std::move(pair));
        }
    }

    // The rank and t tests, in parallel over the pairs.
    options.resampling.parallelism.forEach(0, out.pairs.size(), 1, [&](std::size_t p) {
        if (progress) progress->check();
        auto& pair = out.pairs[p];
        const std::size_t i = p / std::max<std::size_t>(1, pairsOfModels.size());
        for (auto& outcome : pair.tests) {
            switch (outcome.test) {
            case SignificanceTest::TTest: {
                const TTestResult t = pairedTTest(diffMoments[p]);
                outcome.statistic = t.statistic;
                outcome.pvalue = t.pvalue;
                break;
            }
            case SignificanceTest::Wilcoxon: {
                const WilcoxonResult w = wilcoxon(std::span<const double>(diffs[p]), options.wilcoxon);
                outcome.statistic = w.statistic;
                outcome.pvalue = w.pvalue;
                pair.rankBiserial = rankBiserial(w);
                break;
            }
            case SignificanceTest::Bootstrap:
                outcome.statistic = pair.meanDiff;
                outcome.pvalue = bootstrapPValue(resampledColumn(pair.a, i), resampledColumn(pair.b, i), pair.meanDiff);
                break;
            case SignificanceTest::Randomization: break;  // below, all columns at once
            }
        }
    });

    if (flips && !out.pairs.empty()) {
        std::vector<std::span<const double>> columns(diffs.begin(), diffs.end());
        std::optional<Progress> part;
        RandomizationOptions randomization;
        randomization.exactMaxN = options.randomizationExactMaxN;
        randomization.resampling = options.resampling;
        randomization.resampling.progress = progress ? &part.emplace(*progress, resampleShare, flipsEnd) : nullptr;
        const auto results = keyedRandomizationTests(*layout, columns, diffMoments, randomization);
        for (std::size_t p = 0; p < out.pairs.size(); ++p) {
            for (auto& outcome : out.pairs[p].tests) {
                if (outcome.test != SignificanceTest::Randomization) continue;
                outcome.statistic = results[p].observedMean;
                outcome.pvalue = results[p].pvalue;
            }
        }
    }

    // Each test's p-values corrected over the family: every pair × metric.
    for (std::size_t t = 0; t < options.tests.size(); ++t) {
        std::vector<double> pvalues;
        for (const auto& pair : out.pairs) pvalues.push_back(pair.tests[t].pvalue);
        const CorrectedPValues corrected = correctPValues(pvalues, options.correction, options.alpha);
        for (std::size_t p = 0; p < out.pairs.size(); ++p) {
            out.pairs[p].tests[t].adjusted = corrected.adjusted[p];
            out.pairs[p].tests[t].significant = corrected.reject[p];
        }
    }
    if (progress) progress->report(1.0);
    if (!options.many.empty()) {
        std::optional<Progress> manyPart;
        addManyModelTests(values, out, outer ? &manyPart.emplace(*outer, pairedShare, 1.0) : nullptr);
    }
    return out;
}

} // namespace ranklab::stats
