#pragma once
// How the items of a tie group (equal scores) are ordered (docs/metrics.md).
#include <optional>
#include <string_view>

#include "common/name_table.h"

namespace ranklab {

enum class TiePolicy {
    Expected,     // every order equally likely; metrics report their expected value
    Trec,         // item id descending, byte-wise (trec_eval)
    Input,        // order of appearance in the file
    Optimistic,   // higher grades first
    Pessimistic,  // lower grades first
};

// The names --ties, workspaces, manifests, Python and the GUI take.
inline constexpr Named<TiePolicy> kTiePolicyNames[] = {{"expected", TiePolicy::Expected},
                                                        {"trec", TiePolicy::Trec},
                                                        {"input", TiePolicy::Input},
                                                        {"optimistic", TiePolicy::Optimistic},
                                                        {"pessimistic", TiePolicy::Pessimistic}};

const char* tiePolicyName(TiePolicy policy);
std::optional<TiePolicy> parseTiePolicy(std::string_view name);

} // namespace ranklab
