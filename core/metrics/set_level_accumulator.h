#pragma once
// The accumulator of the set-level beyond-accuracy metrics (coverage, gini,
// entropy, personalization): per cutoff the counts c_i (and q_i = Σ share²)
// over the catalogue, from each averaged user's top k (an item of a tie
// group straddling k adds (slots left)/(group size)); finish() computes the
// statistic. Every share is counted in integers (set_level_counts.h), so the
// counts do not depend on the order of users or how they were split.
#include <memory>
#include <span>

#include "metrics/metric_record.h"
#include "metrics/set_level_bootstrap.h"
#include "metrics/set_level_counts.h"

namespace ranklab {

std::unique_ptr<SetAccumulator> makeSetLevelAccumulator(const stats::SetStatistic& statistic,
                                                        std::span<const std::uint32_t> cutoffs);

// The counts per cutoff of an accumulator made by makeSetLevelAccumulator
// (throws Error for another one).
const std::vector<SetLevelCounts>& setLevelCountsOf(const SetAccumulator& accumulator);

// The set-level statistic a record's spec asks for (family and parameters).
stats::SetStatistic setStatisticOf(const MetricSpec& spec);

} // namespace ranklab
