#pragma once
// The table of metric families: one row per family, in a fixed order, with
// its aliases, parameters, kernel and the definition shown to users.
#include <string_view>
#include <vector>

#include "metrics/kernels.h"

namespace ranklab {

struct MetricFamily {
    std::string_view name;                  // canonical ("hr")
    std::vector<std::string_view> aliases;  // also accepted ("hit_rate", "success")
    bool takesCutoff;                       // @k / @all
    bool takesRel;                          // rel=N changes it
    bool takesGain;                         // gain=lin|exp
    bool takesNorm;                         // norm=R|min
    bool isCount;                           // an integer count, not bounded by 1
    std::string_view definition;            // one line, from METRICS.md
    MetricKernel kernel;
};

const std::vector<MetricFamily>& metricFamilies();
// By canonical name or alias; nullptr if unknown.
const MetricFamily* findMetricFamily(std::string_view name);

} // namespace ranklab
