#pragma once
// The set-level part of `compare`: each model's statistic with its
// bootstrap interval and the paired differences, every cell saying its
// method ("bootstrap over users"). As text (table, md) or as a JSON value.
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "compare/set_level_comparison.h"

namespace ranklab {

std::string formatSetLevelText(const stats::SetLevelComparison& c, int digits);
nlohmann::ordered_json setLevelJson(const stats::SetLevelComparison& c);
// Rows for compare's CSV (its columns, per-user fields empty, the interval
// as ci and ci_bootstrap, the method last); `columns` is the number of
// columns of the CSV's header (17 fixed ones, the tests', the method).
std::string setLevelCsvRows(const stats::SetLevelComparison& c, std::size_t columns);
// A booktabs table of the statistics with their intervals and of the
// differences, each row naming the method.
std::string formatSetLevelLatex(const stats::SetLevelComparison& c, int digits);

} // namespace ranklab
