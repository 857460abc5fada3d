#include "rank/tie_policy.h"

namespace ranklab {

const char* tiePolicyName(TiePolicy policy) {
    switch (policy) {
    case TiePolicy::Expected: return "expected";
    case TiePolicy::Trec: return "trec";
    case TiePolicy::Input: return "input";
    case TiePolicy::Optimistic: return "optimistic";
    case TiePolicy::Pessimistic: return "pessimistic";
    }
    return "?";
}

std::optional<TiePolicy> parseTiePolicy(std::string_view name) {
    for (TiePolicy p : {TiePolicy::Expected, TiePolicy::Trec, TiePolicy::Input, TiePolicy::Optimistic,
                        TiePolicy::Pessimistic})
        if (name == tiePolicyName(p)) return p;
    return std::nullopt;
}

} // namespace ranklab
