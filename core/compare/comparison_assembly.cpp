#include "compare/comparison_assembly.h"

#include <algorithm>

#include "common/error.h"
#include "compare/comparison_thresholds.h"
#include "stats/paired_t_test.h"

namespace ranklab::stats {

Comparison assembleComparison(const ComparisonParts& parts) {
    const ComparisonOptions& options = parts.options;
    const std::size_t modelCount = parts.models.size(), metricCount = parts.metrics.size();
    const auto pairsOfModels = comparedPairs(modelCount, options.baseline);
    if (parts.means.size() != modelCount || parts.constants.size() != modelCount ||
        parts.directions.size() != metricCount || parts.metricIds.size() != metricCount ||
        parts.pairs.size() != metricCount * pairsOfModels.size())
        throw Error("internal: the parts of a comparison do not fit together");
    Comparison out;
    out.options = options;
    out.options.resampling.progress = nullptr;
    out.metrics = parts.metrics;
    out.metricIds = parts.metricIds;
    out.directions = parts.directions;
    out.models = parts.models;
    out.users = parts.users;

    const ResampledMeans& resampled = parts.resampled;
    auto resampledColumn = [&](std::size_t model, std::size_t i) {
        return resampled.resamples > 0 ? resampled.column(model * metricCount + i) : std::span<const double>{};
    };

    // Means with their intervals, and the best model of each metric.
    out.means.assign(modelCount, std::vector<MeanSummary>(metricCount));
    out.best.assign(metricCount, 0);
    for (std::size_t model = 0; model < modelCount; ++model)
        for (std::size_t i = 0; i < metricCount; ++i) {
            MeanSummary& summary = out.means[model][i];
            summary.moments = parts.means[model].at(i);
            summary.t = tInterval(summary.moments, options.level);
            if (options.bootstrapIntervals && resampled.resamples > 0) {
                const std::optional<double>& c = parts.constants[model].at(i);
                summary.bootstrap = c ? BootstrapInterval{options.level, resampled.resamples, *c, *c, 0.0}
                                      : percentileInterval(resampledColumn(model, i), options.level);
            }
        }
    for (std::size_t i = 0; i < metricCount; ++i)
        for (std::size_t model = 0; model < modelCount; ++model)
            if (isBetter(out.directions[i], out.means[model][i].moments.mean,
                         out.means[out.best[i]][i].moments.mean))
                out.best[i] = model;

    // The pairs, metric-major.
    const std::size_t pairCount = pairsOfModels.size();
    for (std::size_t i = 0; i < metricCount; ++i) {
        for (std::size_t q = 0; q < pairCount; ++q) {
            const auto [a, b] = pairsOfModels[q];
            const ComparisonParts::Pair& part = parts.pairs[i * pairCount + q];
            const Moments& dm = part.difference;
            PairComparison pair;
            pair.a = a;
            pair.b = b;
            pair.metric = out.metrics[i];
            pair.n = dm.n;
            pair.meanDiff = dm.mean;
            pair.difference = dm;
            pair.ciT = tInterval(dm, options.level);
            pair.cohensDz = cohensDz(dm);
            pair.winsTiesLosses = part.winsTiesLosses;
            if (options.bootstrapIntervals && resampled.resamples > 0) {
                const auto ra = resampledColumn(a, i), rb = resampledColumn(b, i);
                std::vector<double> rd(ra.size());
                for (std::size_t r = 0; r < ra.size(); ++r) rd[r] = ra[r] - rb[r];
                pair.ciBootstrap = part.constantDifference
                                       ? BootstrapInterval{options.level, rd.size(), dm.mean, dm.mean, 0.0}
                                       : percentileInterval(rd, options.level);
            }
            for (SignificanceTest test : options.tests) {
                TestOutcome outcome{test};
                switch (test) {
                case SignificanceTest::TTest: {
                    const TTestResult t = pairedTTest(dm);
                    outcome.statistic = t.statistic;
                    outcome.pvalue = t.pvalue;
                    break;
                }
                case SignificanceTest::Wilcoxon:
                    if (!part.wilcoxon) throw Error("internal: the Wilcoxon test of a pair is missing");
                    outcome.statistic = part.wilcoxon->statistic;
                    outcome.pvalue = part.wilcoxon->pvalue;
                    pair.rankBiserial = rankBiserial(*part.wilcoxon);
                    break;
                case SignificanceTest::Bootstrap:
                    outcome.statistic = pair.meanDiff;
                    outcome.pvalue = bootstrapPValue(resampledColumn(a, i), resampledColumn(b, i), pair.meanDiff);
                    break;
                case SignificanceTest::Randomization:
                    if (!part.randomization) throw Error("internal: the randomization test of a pair is missing");
                    outcome.statistic = part.randomization->observedMean;
                    outcome.pvalue = part.randomization->pvalue;
                    break;
                }
                pair.tests.push_back(outcome);
            }
            out.pairs.push_back(std::move(pair));
        }
    }

    // The practical classes, and each test's p-values corrected over the family.
    applyThresholds(out, options);
    return out;
}

} // namespace ranklab::stats
