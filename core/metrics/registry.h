#pragma once
// The table of metric records (metric_record.h): one line per metric in
// registry.cpp, in the order pickers and reports list them.
#include <string_view>
#include <vector>

#include "metrics/metric_record.h"

namespace ranklab {

const std::vector<const MetricRecord*>& metricRecords();
// By canonical name or alias; nullptr if unknown.
const MetricRecord* findMetric(std::string_view name);

} // namespace ranklab
