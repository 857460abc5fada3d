#pragma once
// The users a report averaged, as its JSON says them:
// {"evaluated": n, "run_only": n, "qrels_only": n} (eval, curves, ranks).
#include <nlohmann/json.hpp>

#include "eval/user_selection.h"

namespace ranklab {

inline nlohmann::ordered_json userCountsJson(const UserCounts& counts) {
    return {{"evaluated", counts.evaluated}, {"run_only", counts.runOnly}, {"qrels_only", counts.qrelsOnly}};
}

} // namespace ranklab
