#include "compare/run_spread.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "common/error.h"
#include "common/progress.h"
#include "stats/keyed_bootstrap.h"
#include "stats/resampled_means.h"

namespace ranklab::stats {

std::vector<RunSpread> runSpreads(const Evaluation& runs, const std::vector<RunGroup>& groups) {
    const std::size_t metrics = runs.metricCount();
    std::vector<RunSpread> out;
    for (const RunGroup& group : groups) {
        RunSpread s;
        s.model = group.model;
        for (std::size_t r : group.runs) {
            if (r >= runs.models.size()) throw Error("model \"" + group.model + "\": a run is not in the evaluation");
            s.runs.push_back(runs.models[r].name);
            s.means.push_back(runs.models[r].means);
        }
        const double n = static_cast<double>(s.runs.size());
        s.mean.assign(metrics, kNaN);
        s.sd.assign(metrics, kNaN);
        for (std::size_t c = 0; c < metrics && !s.runs.empty(); ++c) {
            double sum = 0;
            for (const auto& m : s.means) sum += m[c];
            const double mean = sum / n;
            s.mean[c] = mean;
            if (s.runs.size() < 2) continue;
            double squares = 0;
            for (const auto& m : s.means) squares += (m[c] - mean) * (m[c] - mean);
            s.sd[c] = std::sqrt(squares / (n - 1));
        }
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<std::vector<std::size_t>> drawRuns(const std::vector<std::size_t>& runCounts, std::uint64_t seed,
                                               std::size_t resample) {
    synth::Rng rng = resampleRng(seed, ResamplePurpose::Runs, resample);
    std::vector<std::vector<std::size_t>> drawn;
    for (std::size_t count : runCounts) {
        std::vector<std::size_t> model(count);
        if (count > 1) {
            IndexDraws draws(rng, static_cast<std::uint32_t>(count));
            for (auto& d : model) d = draws.next();
        }  // one run: it is the run drawn (index 0), and no number is taken
        drawn.push_back(std::move(model));
    }
    return drawn;
}

TwoLevelBootstrap twoLevelBootstrap(const Evaluation& runs, const std::vector<RunGroup>& groups,
                                    const std::vector<std::size_t>& metrics,
                                    const std::vector<std::pair<std::size_t, std::size_t>>& pairs, double level,
                                    const ResamplingOptions& options) {
    if (!(level > 0 && level < 1)) throw Error("the interval level must be between 0 and 1");
    TwoLevelBootstrap out;
    for (std::size_t c : metrics) {
        if (c >= runs.metricCount()) throw Error("metric column " + std::to_string(c) + " is out of range");
        if (!runs.isSetLevel(c)) out.metrics.push_back(c);
    }
    std::vector<std::size_t> runCounts;
    for (const RunGroup& g : groups) {
        if (g.runs.empty()) throw Error("model \"" + g.model + "\" has no runs");
        for (std::size_t r : g.runs)
            if (r >= runs.models.size()) throw Error("model \"" + g.model + "\": a run is not in the evaluation");
        runCounts.push_back(g.runs.size());
    }
    for (const auto& [a, b] : pairs)
        if (a >= groups.size() || b >= groups.size()) throw Error("a compared model is out of range");

    // Every (metric, run) column, metric-major; resampled together (the same users in a resample).
    const std::size_t n = runs.users.size(), metricCount = runs.metricCount(), K = out.metrics.size();
    const std::size_t R = runs.models.size();
    std::vector<std::vector<double>> columns(K * R, std::vector<double>(n));
    for (std::size_t i = 0; i < K; ++i)
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t u = 0; u < n; ++u) columns[i * R + r][u] = runs.models[r].perUser[u * metricCount + out.metrics[i]];
    const std::vector<std::span<const double>> spans(columns.begin(), columns.end());
    const ResampledMeans resampled = keyedResampleMeans(runs.keysOfRows(), spans, options);
    columns.clear();
    columns.shrink_to_fit();
    const std::size_t B = resampled.resamples;

    // statistic[(m·K + i)·B + b]
    std::vector<double> statistic(groups.size() * K * B, kNaN);
    for (std::size_t b = 0; b < B; ++b) {
        if (options.progress && (b & 1023) == 0) options.progress->check();
        const auto drawn = drawRuns(runCounts, options.seed, b);
        for (std::size_t m = 0; m < groups.size(); ++m) {
            const double count = static_cast<double>(groups[m].runs.size());
            for (std::size_t i = 0; i < K; ++i) {
                double sum = 0;
                for (std::size_t d : drawn[m]) sum += resampled.column(i * R + groups[m].runs[d])[b];
                statistic[(m * K + i) * B + b] = sum / count;
            }
        }
    }
    auto of = [&](std::size_t m, std::size_t i) {
        return std::span<const double>(statistic.data() + (m * K + i) * B, B);
    };
    out.means.assign(groups.size(), {});
    for (std::size_t m = 0; m < groups.size(); ++m)
        for (std::size_t i = 0; i < K; ++i) out.means[m].push_back(percentileInterval(of(m, i), level));
    std::vector<double> diff(B);
    for (std::size_t i = 0; i < K; ++i) {
        for (const auto& [a, b] : pairs) {
            for (std::size_t r = 0; r < B; ++r) diff[r] = of(a, i)[r] - of(b, i)[r];
            out.pairs.push_back({a, b, out.metrics[i], percentileInterval(diff, level)});
        }
    }
    return out;
}

void useTwoLevelIntervals(Comparison& comparison, const Evaluation& runs, const std::vector<RunGroup>& groups) {
    if (!comparison.options.bootstrapIntervals || comparison.metrics.empty()) return;
    // The pairs compared (the same on every column): those of the first column with pairs.
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (const PairComparison& p : comparison.pairs)
        if (p.metric == comparison.pairs.front().metric) pairs.emplace_back(p.a, p.b);
    const TwoLevelBootstrap t = twoLevelBootstrap(runs, groups, comparison.metrics, pairs, comparison.options.level,
                                                  comparison.options.resampling);
    for (std::size_t k = 0; k < t.metrics.size(); ++k) {
        const auto at = std::find(comparison.metrics.begin(), comparison.metrics.end(), t.metrics[k]);
        const std::size_t i = static_cast<std::size_t>(at - comparison.metrics.begin());
        for (std::size_t m = 0; m < comparison.means.size(); ++m) comparison.means[m][i].bootstrap = t.means[m][k];
    }
    for (const TwoLevelPair& tp : t.pairs)
        for (PairComparison& p : comparison.pairs)
            if (p.a == tp.a && p.b == tp.b && p.metric == tp.metric) p.ciBootstrap = tp.interval;
    comparison.twoLevelBootstrap = true;
}

Comparison compareRepeatedRuns(const Evaluation& models, const Evaluation& runs, const std::vector<RunGroup>& groups,
                               const ComparisonOptions& options) {
    ComparisonOptions oneLevel = options;
    oneLevel.bootstrapIntervals = false;
    Comparison c = compareEvaluation(models, oneLevel);
    c.options.bootstrapIntervals = options.bootstrapIntervals;
    useTwoLevelIntervals(c, runs, groups);
    return c;
}

} // namespace ranklab::stats
