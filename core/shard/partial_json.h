#pragma once
// JSON pieces shared by the partial-state files (partial_file.h): exact
// doubles as C99 hexadecimal floats and the moments of a column.
#include <string>

#include <nlohmann/json.hpp>

#include "stats/exact_moments.h"

namespace ranklab::shard {

std::string hexFloat(double v);
double parseHexFloat(const std::string& text, const std::string& where);  // throws ranklab::Error
// An exact sum as ExactSum::serialize writes it; throws ranklab::Error naming `where`.
stats::ExactSum exactSumFromJson(const nlohmann::ordered_json& j, const std::string& where);
nlohmann::ordered_json momentsJson(const stats::ExactMoments& m);
stats::ExactMoments momentsFromJson(const nlohmann::ordered_json& j, const std::string& where);

} // namespace ranklab::shard
