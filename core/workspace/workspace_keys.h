#pragma once
// The keys a workspace file may hold, and the warnings for the others: a
// typo such as "modles" or "relevance_treshold" would otherwise be ignored
// without a word (the setting silently left at its default).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ranklab {

// One message per key of `root` that no workspace version 1 has (object by
// object, top level first; keys in an object by name), naming its JSON path and, when a known key is within two edits,
// the key probably meant:
//   "models[1].colour": unknown key, ignored (did you mean "color"?)
std::vector<std::string> unknownWorkspaceKeys(const nlohmann::json& root);

// Levenshtein distance of `a` and `b`, stopping early past `limit` (then limit + 1).
std::size_t editDistance(const std::string& a, const std::string& b, std::size_t limit);

} // namespace ranklab
