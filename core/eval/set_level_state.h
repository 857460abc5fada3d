#pragma once
// The mergeable state of an evaluation's set-level columns (coverage, gini,
// entropy, personalization) over the users the settings select: per model
// and set-level column the per-item counts (metrics/set_level_counts.h),
// with the catalogue they are counted over (its size, its item ids and
// which items are in the training file). The counts of disjoint sets of
// users add up to those of their union, and the statistic of the summed
// counts is, bit for bit, the column evaluate() reports (sharded `eval`).
#include <cstdint>
#include <string>
#include <vector>

#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "metrics/set_level_counts.h"
#include "rank/rank_cache.h"

namespace ranklab {

struct SetLevelState {
    std::vector<std::string> catalog;        // item ids by slot
    std::vector<std::uint8_t> trainingSlot;  // by slot
    std::vector<std::size_t> columns;        // the set-level columns of settings.metrics, ascending
    std::vector<std::vector<SetLevelCounts>> models;  // per model, per entry of `columns`
};

// Empty `columns` (and nothing else) when no column is set-level. Ranks
// through `cache` as evaluate() does (a cached ranking is reused).
SetLevelState setLevelState(const Dataset& data, const EvalSettings& settings, RankCache& cache);

// The statistic of column `spec` from its counts over `trainingSlot.size()` items.
double setLevelValue(const MetricSpec& spec, const SetLevelCounts& counts, const std::vector<std::uint8_t>& trainingSlot);

} // namespace ranklab
