#include "stats/paired_comparison.h"

#include <vector>

#include "common/progress.h"

namespace ranklab::stats {

PairedComparison comparePaired(std::span<const double> a, std::span<const double> b, const PairedOptions& options) {
    const std::vector<double> d = differences(a, b);
    const Progress* progress = options.resampling.progress;
    if (progress) progress->check();

    PairedComparison out;
    out.n = d.size();
    out.a = moments(a);
    out.b = moments(b);
    out.diff = moments(d);
    out.cohensDz = cohensDz(out.diff);
    out.winsTiesLosses = stats::winsTiesLosses(a, b);

    const PairedTests tests = options.tests;
    if (has(tests, PairedTests::MeanIntervals)) {
        out.ciA = tInterval(out.a, options.level);
        out.ciB = tInterval(out.b, options.level);
        out.ciDiff = tInterval(out.diff, options.level);
    }
    if (has(tests, PairedTests::TTest)) out.tTest = pairedTTest(out.diff);
    if (has(tests, PairedTests::Wilcoxon)) out.wilcoxon = stats::wilcoxon(std::span<const double>(d), options.wilcoxon);

    // The resampling work: the bootstraps share their draws (one pass over
    // the resamples for every column asked for), then the sign flips.
    std::vector<std::span<const double>> columns;
    if (has(tests, PairedTests::Bootstrap)) columns.push_back(d);
    if (has(tests, PairedTests::MeanBootstrap)) {
        columns.push_back(a);
        columns.push_back(b);
    }
    const bool flips = has(tests, PairedTests::Randomization);
    const double bootstrapShare = columns.empty() ? 0.0 : (flips ? 0.7 : 1.0);
    if (!columns.empty()) {
        std::optional<Progress> part;
        ResamplingOptions resampling = options.resampling;
        if (progress) resampling.progress = &part.emplace(*progress, 0.0, bootstrapShare);
        const auto intervals = bootstrapMeanIntervals(columns, options.level, resampling);
        std::size_t next = 0;
        if (has(tests, PairedTests::Bootstrap)) out.bootstrapDiff = intervals[next++];
        if (has(tests, PairedTests::MeanBootstrap)) {
            out.bootstrapA = intervals[next++];
            out.bootstrapB = intervals[next++];
        }
    }
    if (flips) {
        std::optional<Progress> part;
        RandomizationOptions randomization;
        randomization.exactMaxN = options.randomizationExactMaxN;
        randomization.resampling = options.resampling;
        if (progress) randomization.resampling.progress = &part.emplace(*progress, bootstrapShare, 1.0);
        out.randomization = randomizationTest(std::span<const double>(d), randomization);
    }
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab::stats
