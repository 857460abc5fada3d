#include "eval/eval_settings.h"

namespace ranklab {

const char* usersPolicyName(UsersPolicy policy) {
    switch (policy) {
    case UsersPolicy::Relevant: return "relevant";
    case UsersPolicy::Trec: return "trec";
    case UsersPolicy::All: return "all";
    case UsersPolicy::Ranked: return "ranked";
    }
    return "?";
}

std::optional<UsersPolicy> parseUsersPolicy(std::string_view name) {
    for (UsersPolicy p : {UsersPolicy::Relevant, UsersPolicy::Trec, UsersPolicy::All, UsersPolicy::Ranked})
        if (name == usersPolicyName(p)) return p;
    return std::nullopt;
}

} // namespace ranklab
