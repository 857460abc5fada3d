#pragma once
// The set-level part of `compare`: each model's statistic with its
// bootstrap interval and the paired differences, every cell saying its
// method ("bootstrap over users"). As text (table, md) or as a JSON value.
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "stats/set_level_comparison.h"

namespace ranklab {

std::string formatSetLevelText(const stats::SetLevelComparison& c, int digits);
nlohmann::ordered_json setLevelJson(const stats::SetLevelComparison& c);

} // namespace ranklab
