#include "compare/many_model_comparison.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "common/progress.h"
#include "stats/friedman.h"
#include "stats/randomized_tukey.h"
#include "stats/studentized_range.h"
#include "stats/tukey_hsd.h"

namespace ranklab::stats {

namespace {

ManyPairOutcome& outcome(PairComparison& pair, ManyModelTest test) {
    for (auto& o : pair.manyTests)
        if (o.test == test) return o;
    return pair.manyTests.emplace_back(ManyPairOutcome{test});
}

} // namespace

void addManyModelTests(const std::vector<std::vector<std::vector<double>>>& values, Comparison& comparison,
                       const Progress* progress) {
    const auto& options = comparison.options;
    const std::size_t k = comparison.models.size(), metricCount = comparison.metrics.size();
    if (options.many.empty() || k < 2 || metricCount == 0) return;
    for (auto& pair : comparison.pairs)
        for (ManyModelTest test : options.many) outcome(pair, test);
    auto has = [&](ManyModelTest test) { return std::find(options.many.begin(), options.many.end(), test) != options.many.end(); };

    // The pairs of each metric, for filling in.
    std::vector<std::vector<PairComparison*>> pairsOf(metricCount);
    for (auto& pair : comparison.pairs) {
        const auto i = static_cast<std::size_t>(std::find(comparison.metrics.begin(), comparison.metrics.end(), pair.metric) -
                                                comparison.metrics.begin());
        if (i < metricCount) pairsOf[i].push_back(&pair);
    }
    std::vector<std::vector<ManyModelSummary>> summaries(metricCount);
    const std::size_t n = values[0][0].size();

    // Tukey and Friedman: per metric, in parallel.
    double tukeyQ = kNaN;
    if (has(ManyModelTest::Tukey) && n > 0)
        tukeyQ = studentizedRangeQuantile(1.0 - options.alpha, static_cast<int>(k), static_cast<double>(k * n - k));
    const double nemenyiQ = has(ManyModelTest::Friedman) ? nemenyiQAlpha(k, options.alpha) : kNaN;
    options.resampling.parallelism.forEach(0, metricCount, 1, [&](std::size_t i) {
        if (progress) progress->check();
        std::vector<std::span<const double>> groups;
        for (std::size_t m = 0; m < k; ++m) groups.emplace_back(values[m][i]);
        for (ManyModelTest test : options.many) {
            ManyModelSummary s;
            s.metric = comparison.metrics[i];
            s.test = test;
            if (test == ManyModelTest::Tukey && n > 0) {
                const TukeyResult t = tukeyHsd(groups, options.alpha, tukeyQ);
                s.statistic = t.maxQ;
                s.pvalue = t.pOmnibus;
                s.df = t.df;
                s.critical = t.qCritical;
                s.mse = t.mse;
                for (PairComparison* pair : pairsOf[i]) {
                    const TukeyPair* tp = t.find(pair->a, pair->b);
                    auto& o = outcome(*pair, test);
                    o.statistic = tp->q;
                    o.adjusted = tp->pAdjusted;
                    o.significant = tp->reject;
                    const bool flipped = tp->i != pair->a;
                    o.lo = flipped ? -tp->hi : tp->lo;
                    o.hi = flipped ? -tp->lo : tp->hi;
                }
            } else if (test == ManyModelTest::Friedman) {
                FriedmanResult f = friedmanTest(groups, options.alpha);
                s.statistic = f.statistic;
                s.pvalue = f.pvalue;
                s.df = static_cast<double>(k - 1);
                s.critical = nemenyiQ;
                s.criticalDifference = f.criticalDifference;
                s.tieCorrection = f.tieCorrection;
                s.averageRanks = std::move(f.averageRanks);
                for (PairComparison* pair : pairsOf[i]) {
                    auto& o = outcome(*pair, test);
                    if (s.averageRanks.empty()) continue;
                    o.statistic = s.averageRanks[pair->a] - s.averageRanks[pair->b];
                    o.adjusted = nemenyiPValue(o.statistic, k, n);
                    o.significant = o.adjusted < options.alpha;
                }
            }
            summaries[i].push_back(std::move(s));
        }
    });
    if (progress) progress->report(0.05);

    if (has(ManyModelTest::RandomizedTukey)) {
        std::vector<std::span<const double>> columns;
        for (std::size_t i = 0; i < metricCount; ++i)
            for (std::size_t m = 0; m < k; ++m) columns.emplace_back(values[m][i]);
        std::optional<Progress> part;
        RandomizedTukeyOptions rt;
        rt.resampling = options.resampling;
        rt.resampling.progress = progress ? &part.emplace(*progress, 0.05, 1.0) : nullptr;
        const auto results = randomizedTukey(columns, k, rt);
        for (std::size_t i = 0; i < metricCount; ++i) {
            for (auto& s : summaries[i]) {
                if (s.test != ManyModelTest::RandomizedTukey) continue;
                s.statistic = results[i].maxRange;
                s.pvalue = results[i].pOmnibus;
                s.resamples = results[i].resamples;
                s.exact = results[i].exact;
            }
            for (PairComparison* pair : pairsOf[i]) {
                const RandomizedTukeyPair* rp = results[i].find(pair->a, pair->b);
                auto& o = outcome(*pair, ManyModelTest::RandomizedTukey);
                o.statistic = rp->i == pair->a ? rp->meanDiff : -rp->meanDiff;
                o.adjusted = rp->pAdjusted;
                o.significant = rp->pAdjusted < options.alpha;
            }
        }
    }
    for (auto& row : summaries)
        for (auto& s : row) comparison.many.push_back(std::move(s));
    if (progress) progress->report(1.0);
}

} // namespace ranklab::stats
