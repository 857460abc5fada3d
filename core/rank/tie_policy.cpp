#include "rank/tie_policy.h"

namespace ranklab {

const char* tiePolicyName(TiePolicy policy) {
    return nameOf<TiePolicy>(kTiePolicyNames, policy).data();  // the table's literals end in '\0'
}

std::optional<TiePolicy> parseTiePolicy(std::string_view name) {
    return parseName<TiePolicy>(kTiePolicyNames, name);
}

} // namespace ranklab
