#pragma once
// The set-level metrics of an evaluation (coverage, gini, entropy,
// personalization) compared between models: they have no per-user values,
// so every interval and paired difference comes from one bootstrap over the
// averaged users (the same draws for every model and metric: resample r
// depends only on (seed, r)), the statistic recomputed in each resample.
#include <optional>
#include <string>
#include <vector>

#include "io/dataset.h"
#include "data/item_context.h"
#include "eval/evaluation.h"
#include "rank/rank_cache.h"
#include "metrics/set_level_bootstrap.h"

namespace ranklab::stats {

inline constexpr const char* kSetLevelMethod = "bootstrap over users";

struct SetLevelComparison {
    std::string method = kSetLevelMethod;
    std::size_t resamples = 0;
    double level = 0.95;
    std::vector<std::size_t> metrics;    // evaluation columns (set-level ones)
    std::vector<std::string> metricIds;
    std::vector<std::string> models;
    std::vector<std::vector<double>> value;                   // [model][i]: the statistic
    std::vector<std::vector<BootstrapInterval>> interval;     // [model][i]
    struct Pair {
        std::size_t a = 0, b = 0, metric = 0;  // models (difference a − b), evaluation column
        SetLevelDifference difference;
    };
    std::vector<Pair> pairs;  // per metric: against the baseline (m, baseline), or all (i, j), i < j
};

// Empty (no metrics) when the evaluation has no set-level column.
// `only` (optional) restricts it to these evaluation columns (those of them
// that are set-level).
SetLevelComparison compareSetLevelMetrics(const Dataset& data, const Evaluation& evaluation, RankCache& cache,
                                          std::optional<std::size_t> baseline, const ResamplingOptions& resampling,
                                          double level = 0.95, const std::vector<std::size_t>& only = {});

} // namespace ranklab::stats
