#include "eval/eval_settings.h"

namespace ranklab {

const char* usersPolicyName(UsersPolicy policy) {
    return nameOf<UsersPolicy>(kUsersPolicyNames, policy).data();  // the table's literals end in '\0'
}

std::optional<UsersPolicy> parseUsersPolicy(std::string_view name) {
    return parseName<UsersPolicy>(kUsersPolicyNames, name);
}

} // namespace ranklab
