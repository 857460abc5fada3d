#pragma once
// The smallest differences that matter (δ) for the metrics a study
// compares: one resolution for `ranklab-cli compare|report|merge
// --min-effect`, a workspace's δ and Python's compare(min_effect=).
#include <string_view>
#include <vector>

#include "stats/practical_significance.h"
#include "metrics/metric_spec.h"

namespace ranklab::stats {

// Names each metric of `effects` by its compared id (ndcg@10 for NDCG@10).
// A metric that is not compared is an error naming `what` (the option or
// argument the δ came from) and the compared metrics.
void resolveMinEffects(MinEffects& effects, const std::vector<MetricSpec>& compared,
                       std::string_view what = "--min-effect");

// stats::parseMinEffects(text), resolved; none for an empty text.
MinEffects minEffectsFor(std::string_view text, const std::vector<MetricSpec>& compared,
                         std::string_view what = "--min-effect");

} // namespace ranklab::stats
