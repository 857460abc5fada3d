#pragma once
// What a metric column means, in words and a formula, with its parameters
// (relevance threshold θ, gain, AP normalisation) and cutoff inserted: the
// summary table's header tooltips. Drawn from METRICS.md, one entry per
// metric family.
#include <QString>

#include "eval/eval_settings.h"
#include "metrics/metric_spec.h"

namespace ranklab::ui {

// Rich text: the id, a name, the per-user formula with k, θ and the gain
// written out, what its mean is called, and its trec_eval counterpart.
// `threshold` is the evaluation's θ (a metric's own rel= wins).
QString metricDefinition(const MetricSpec& spec, double threshold);

// The family's name in words ("normalised discounted cumulative gain").
QString metricName(const MetricSpec& spec);

} // namespace ranklab::ui
