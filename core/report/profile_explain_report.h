#pragma once
// `ranklab-cli explain` output: why two definition profiles give different
// numbers (eval/profile_explain.h).
//
// text: per model and metric, the ids and means under A and B, the users
//       whose values differ, then one line per clause: A's and B's choice,
//       the contribution to the difference of the means and the users whose
//       value changes at that step; the contributions sum to mean B - mean A.
// json: {"profiles": [A, B], "clause_order": [...], "models": [{"model",
//        "metrics": [{"metric", "id_a", "id_b", "mean_a", "mean_b",
//        "difference", "users_a", "users_b", "users_differing",
//        "clauses": [{"clause", "a", "b", "contribution", "users"}],
//        "users": [{"user", "a", "b", "clauses": [...]}]}]}]}
//       ("users" lists at most `listUsers` users; NaN as null).
#include <cstddef>
#include <string>

#include "data/id_space.h"
#include "eval/profile_explain.h"

namespace ranklab {

std::string formatExplanationText(const ProfileExplanation& x, int digits = 4);
std::string formatExplanationJson(const ProfileExplanation& x, const IdSpace& ids, std::size_t listUsers = 20);

} // namespace ranklab
