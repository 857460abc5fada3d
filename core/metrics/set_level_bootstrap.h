#pragma once
// Confidence intervals and paired tests of set-level metrics: they have no
// per-user value, so the users are resampled (with replacement, the same
// draws as the per-user bootstrap: resample r depends only on (seed, r)) and
// the statistic is recomputed from the resampled counts
//   c_i* = Σ_u w_u · share_{u,i}   (w_u: how often resample r drew user u).
// Resamples go in blocks: the block's counts are kept per item for all its
// resamples at once (integer parts in 32-bit counters, shares below 1 apart),
// so each top-k entry costs one short vector add per block.
#include <cstddef>
#include <span>
#include <vector>

#include "metrics/beyond_kernels.h"
#include "stats/bootstrap.h"
#include "stats/resampling.h"
#include "metrics/set_level_lists.h"

namespace ranklab::stats {

struct SetStatistic {
    enum class Kind { Coverage, Gini, Entropy, Personalization };
    Kind kind = Kind::Coverage;
    CoverageOf of = CoverageOf::Catalog;
    GiniZeros zeros = GiniZeros::Catalog;
    EntropyBase base = EntropyBase::Two;
};

// The statistic from counts over the catalogue.
double setStatistic(const SetStatistic& statistic, const SetCounts& counts, std::vector<double>& scratch);
// The statistic of `lists` (the point estimate).
double setStatistic(const SetStatistic& statistic, const TopKLists& lists, std::span<const std::uint8_t> trainingSlot);

// One column: a statistic of one of the lists.
struct SetLevelColumn {
    std::size_t list;
    SetStatistic statistic;
};

struct SetLevelResampled {
    std::size_t columns = 0;
    std::size_t resamples = 0;
    std::vector<double> point;   // per column, on the users as they are
    std::vector<double> values;  // values[c * resamples + r]
    std::span<const double> column(std::size_t c) const { return {values.data() + c * resamples, resamples}; }
};

// Every list must have the same rows (users). `trainingSlot` by catalogue
// slot (its size is the catalogue's). Throws Cancelled when
// options.progress is cancelled.
SetLevelResampled resampleSetLevel(std::span<const TopKLists* const> lists, std::span<const SetLevelColumn> columns,
                                   std::span<const std::uint8_t> trainingSlot, const ResamplingOptions& options);

// A set-level comparison of two columns over the same resamples.
struct SetLevelDifference {
    double difference = kNaN;  // point(a) − point(b)
    BootstrapInterval interval;  // percentile interval of the resampled differences
    // Two-sided bootstrap p-value: 2·min(#{d* ≤ 0}, #{d* ≥ 0}) / B, at most 1.
    double pValue = kNaN;
};
SetLevelDifference compareSetLevel(const SetLevelResampled& resampled, std::size_t a, std::size_t b,
                                   double level = 0.95);

} // namespace ranklab::stats
