#pragma once
// The JSON text of a workspace file, parsed. Every failure is an InputError
// naming the file: a syntax error with its line and column, a number out of
// a double's range ("relevance_threshold": 1e999) with the key that holds it.
#include <string>

#include <nlohmann/json.hpp>

namespace ranklab {

nlohmann::json parseWorkspaceJson(const std::string& path, const std::string& text);

} // namespace ranklab
