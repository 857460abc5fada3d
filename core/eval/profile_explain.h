#pragma once
// Why two definition profiles give different numbers: per model and metric,
// the two means, the users whose values differ, and what each clause of the
// definitions contributes. The clauses are switched one at a time from
// profile A toward profile B in the fixed order of kProfileClauses (ties,
// users, gain, ideal, norm): a sequential decomposition, so the
// contributions sum to mean(B) - mean(A) (up to rounding), and a user's
// difference is attributed to the steps at which its value changes (or at
// which it enters or leaves the average).
#include <cstddef>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/definition_profile.h"
#include "rank/rank_cache.h"

namespace ranklab {

struct ClauseStep {
    ProfileClause clause;
    std::string from, to;          // the clause under A and under B ("lin" -> "bin"); equal: no change
    double contribution = 0;       // the mean after this step minus the mean before it
    std::size_t usersChanged = 0;  // users whose value changes at this step, or who enter or leave the average
};

struct UserDifference {
    UserId user = 0;
    double a = 0, b = 0;  // the user's value under A and B; NaN when that profile does not average the user
    std::vector<ProfileClause> clauses;  // the steps at which the value changes
};

struct MetricExplanation {
    std::string metric;    // the id asked for
    std::string idA, idB;  // its canonical ids under A and B
    double meanA = 0, meanB = 0;
    std::size_t usersA = 0, usersB = 0;  // users averaged under A and B
    bool setLevel = false;               // a set-level statistic: no per-user values
    std::vector<ClauseStep> steps;       // one per clause, in kProfileClauses order
    std::vector<UserDifference> users;   // every user whose value differs, by ascending id
};

struct ModelExplanation {
    std::string name;
    std::vector<MetricExplanation> metrics;
};

struct ProfileExplanation {
    std::string a, b;  // the profiles' names
    std::vector<ModelExplanation> models;
};

// Values closer than this count as equal (the same definition reached by
// two code paths may differ in the last bits).
inline constexpr double kExplainTolerance = 1e-12;

// `base` gives the metrics, θ, exclusions and threads; each profile rewrites
// the rest. Throws Cancelled when `progress` is cancelled.
ProfileExplanation explainProfiles(const Dataset& data, const EvalSettings& base, const DefinitionProfile& a,
                                   const DefinitionProfile& b, RankCache& cache, const Progress* progress = nullptr);

} // namespace ranklab
