#include "compare/comparison_thresholds.h"

namespace ranklab::stats {

bool onlyThresholdsDiffer(const ComparisonOptions& done, const ComparisonOptions& next) {
    if (!done.many.empty() && done.alpha != next.alpha) return false;
    return done.tests == next.tests && done.level == next.level && done.baseline == next.baseline &&
           done.bootstrapIntervals == next.bootstrapIntervals && done.metrics == next.metrics &&
           done.many == next.many && done.wilcoxon.method == next.wilcoxon.method &&
           done.wilcoxon.zeroMethod == next.wilcoxon.zeroMethod &&
           done.wilcoxon.correction == next.wilcoxon.correction &&
           done.randomizationExactMaxN == next.randomizationExactMaxN &&
           done.resampling.resamples == next.resampling.resamples && done.resampling.seed == next.resampling.seed;
}

void applyThresholds(Comparison& comparison, const ComparisonOptions& next) {
    ComparisonOptions& o = comparison.options;
    o.alpha = next.alpha;
    o.correction = next.correction;
    o.minEffect = next.minEffect;
    // The practical class of each pair with a δ.
    for (PairComparison& pair : comparison.pairs) {
        pair.practical.reset();
        std::size_t i = 0;
        while (i < comparison.metrics.size() && comparison.metrics[i] != pair.metric) ++i;
        if (i == comparison.metrics.size()) continue;
        if (const auto minEffect = o.minEffect.find(comparison.metricIds[i]))
            pair.practical = practicalSignificance(pair.difference, *minEffect, comparison.means[pair.b][i].moments.mean,
                                                   o.alpha, comparison.direction(i) != Direction::LowerIsBetter);
    }
    // Each test's p-values corrected over the family: every pair × metric.
    for (std::size_t t = 0; t < o.tests.size(); ++t) {
        std::vector<double> pvalues;
        for (const auto& pair : comparison.pairs) pvalues.push_back(pair.tests.at(t).pvalue);
        const CorrectedPValues corrected = correctPValues(pvalues, o.correction, o.alpha);
        for (std::size_t p = 0; p < comparison.pairs.size(); ++p) {
            comparison.pairs[p].tests[t].adjusted = corrected.adjusted[p];
            comparison.pairs[p].tests[t].significant = corrected.reject[p];
        }
    }
}

} // namespace ranklab::stats
