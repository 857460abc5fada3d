#pragma once
// What an evaluation computes: the metrics, the tie policy, which users are
// averaged, the relevance threshold, and whether exclusions apply.
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "common/name_table.h"
#include "common/parallel.h"
#include "data/id_space.h"
#include "metrics/metric_spec.h"
#include "rank/tie_policy.h"

namespace ranklab {

enum class UsersPolicy {
    Relevant,  // ground-truth users with R >= 1; missing from a run -> 0
    Trec,      // users in the ground truth and in every run (trec_eval)
    All,       // every ground-truth user; missing -> 0 (trec_eval -c)
    Ranked,    // users in every run with R >= 1 (Elliot: the recommended users with test items)
};
// The names --users, workspaces, manifests, Python and the GUI take.
inline constexpr Named<UsersPolicy> kUsersPolicyNames[] = {{"relevant", UsersPolicy::Relevant},
                                                           {"trec", UsersPolicy::Trec},
                                                           {"all", UsersPolicy::All},
                                                           {"ranked", UsersPolicy::Ranked}};
const char* usersPolicyName(UsersPolicy policy);
std::optional<UsersPolicy> parseUsersPolicy(std::string_view name);

struct EvalSettings {
    std::vector<MetricSpec> metrics;
    TiePolicy ties = TiePolicy::Expected;
    UsersPolicy users = UsersPolicy::Relevant;
    double relevanceThreshold = 1.0;  // θ, unless a metric sets rel=
    bool useExclusions = true;        // when the dataset has exclusions
    std::uint32_t maxLength = 0;      // rank only each user's first N items (trec_eval -M); 0: all
    Parallelism parallelism;
    // When set, only these users (ascending ids) of those the users policy
    // takes are averaged: the workbench restricts its views to a selection.
    // The counts then describe the subset (evaluated = users kept).
    std::shared_ptr<const std::vector<UserId>> onlyUsers;
};

} // namespace ranklab
