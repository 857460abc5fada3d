#pragma once
// How the items of a tie group (equal scores) are ordered (docs/metrics.md).
#include <optional>
#include <string_view>

namespace ranklab {

enum class TiePolicy {
    Expected,     // every order equally likely; metrics report their expected value
    Trec,         // item id descending, byte-wise (trec_eval)
    Input,        // order of appearance in the file
    Optimistic,   // higher grades first
    Pessimistic,  // lower grades first
};

const char* tiePolicyName(TiePolicy policy);
std::optional<TiePolicy> parseTiePolicy(std::string_view name);

} // namespace ranklab
