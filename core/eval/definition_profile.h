#pragma once
// A definition profile: how one tool (trec_eval, ranx, RecBole, Elliot,
// TorchMetrics, Spark MLlib, MS Recommenders) defines each metric, as the
// clauses RankLab's engine can switch: the gain, the ideal list, the AP
// normaliser, the cutoff rule, the tie order and the users averaged. Each
// profile is one table file, resources/profiles/NAME.tsv (compiled in),
// naming the source file of the tool each row was read from
// (docs/profiles.md). Applying a profile rewrites an evaluation's metric
// specs and its tie and users policies.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/eval_settings.h"

namespace ranklab {

// The clauses, in the order `explain` switches them from one profile to
// another (profile_explain.h).
enum class ProfileClause { Ties, Users, Gain, Ideal, Norm };
inline constexpr ProfileClause kProfileClauses[] = {ProfileClause::Ties, ProfileClause::Users, ProfileClause::Gain,
                                                     ProfileClause::Ideal, ProfileClause::Norm};
const char* profileClauseName(ProfileClause clause);

// One row: a metric family and its clauses ("" where the clause does not
// apply to the family, written "-" in the file).
struct ProfileRow {
    std::string family;  // canonical family name ("ndcg")
    std::string gain;    // dcg/ndcg gain parameter: lin | exp | bin
    std::string ideal;   // ndcg ideal parameter: judged | run
    std::string norm;    // ap norm parameter: R | min | hits | k
    std::string cutoff;  // the cutoff rule: k (the top k; positions past the list are misses)
    std::string source;  // "owner/repo path" of the tool's source the row was read from
    std::string note;    // what the source does, in words
};

struct DefinitionProfile {
    std::string name;         // "recbole"
    std::string description;  // the file's first comment line
    TiePolicy ties = TiePolicy::Expected;
    UsersPolicy users = UsersPolicy::Relevant;
    std::vector<ProfileRow> rows;

    const ProfileRow* row(std::string_view family) const;
};

// Parses one table file's text; `file` names it in errors (file:line:column:
// what was expected).
DefinitionProfile parseProfile(std::string_view text, std::string_view name, std::string_view file);

// The built-in profiles, sorted by name.
const std::vector<DefinitionProfile>& builtinProfiles();
std::vector<std::string> profileNames();
// The profile called `name`; throws Error listing the known names.
const DefinitionProfile& findProfile(std::string_view name);

// `spec` as the profile defines it: the row of its family sets gain, ideal
// and norm, except a parameter the user wrote in the id (spec.wrote()),
// which wins; a family without a row is returned unchanged.
MetricSpec applyProfile(const DefinitionProfile& profile, const MetricSpec& spec);
// Every metric rewritten, and the profile's tie and users policies.
void applyProfile(const DefinitionProfile& profile, EvalSettings& settings);
// Where the profile and the user's ids disagree, one line each: "ndcg@10:
// gain=exp as written (the trec profile's gain is lin)". Empty when the
// profile set every parameter it defines. `specs` as parsed (before
// applyProfile).
std::vector<std::string> profileKept(const DefinitionProfile& profile, const std::vector<MetricSpec>& specs);

} // namespace ranklab
