#pragma once
// What a metric column means, in words and a formula, with its parameters
// (relevance threshold θ, gain, AP normalisation, ...) and cutoff inserted:
// the summary table's header tooltips and the metric picker's. Everything
// comes from the metric's record (core/metrics/metric_record.h).
#include <QString>

#include "eval/eval_settings.h"
#include "metrics/metric_spec.h"

namespace ranklab::ui {

// Rich text: the id, a name, the per-user (or set-level) formula with k, θ
// and the parameters written out, what its mean is called, and its
// trec_eval counterpart. `threshold` is the evaluation's θ (a metric's own
// rel= wins).
QString metricDefinition(const MetricSpec& spec, double threshold);

// The family's name in words ("normalised discounted cumulative gain").
QString metricName(const MetricSpec& spec);

// A record formula's markup as HTML: _{..} -> <sub>, ^{..} -> <sup>, the
// rest escaped.
QString formulaHtml(const std::string& formula);

} // namespace ranklab::ui
