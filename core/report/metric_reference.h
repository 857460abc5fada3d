#pragma once
// The reference of every metric record (core/metrics/registry.cpp), written
// from the records themselves: `ranklab-cli metrics --format md|json|table`
// prints it, and docs/metric-reference.md is its Markdown (a test checks the
// file is the command's output, so the docs cannot drift from the code).
#include <string>

#include "report/eval_report.h"

namespace ranklab {

// One entry a record: id, aliases, name, definition, formula (plain text
// with k for the cutoff), parameters with their values and defaults,
// cutoff, direction, range, aggregation, item inputs, trec_eval measure.
// TableFormat::Text: one line a record; Markdown: the page
// docs/metric-reference.md; Json: an array of objects. Csv and Latex are
// not offered (throws Error).
std::string formatMetricReference(TableFormat format);

} // namespace ranklab
