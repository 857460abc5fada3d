#pragma once
// The accumulator of the set-level beyond-accuracy metrics (coverage, gini,
// entropy, personalization): per cutoff the counts c_i (and q_i = Σ share²)
// over the catalogue, from each averaged user's top k (an item of a tie
// group straddling k adds (slots left)/(group size)); finish() computes the
// statistic. Whole shares are counted in integers, so the sums do not depend
// on the order of users; fractional ones are added in chunk order.
#include <memory>
#include <span>

#include "metrics/metric_record.h"
#include "metrics/set_level_bootstrap.h"

namespace ranklab {

std::unique_ptr<SetAccumulator> makeSetLevelAccumulator(const stats::SetStatistic& statistic,
                                                        std::span<const std::uint32_t> cutoffs);

// The set-level statistic a record's spec asks for (family and parameters).
stats::SetStatistic setStatisticOf(const MetricSpec& spec);

} // namespace ranklab
