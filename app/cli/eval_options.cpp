#include "cli/eval_options.h"

#include <charconv>
#include <cmath>
#include <iostream>
#include <string>

#include "common/error.h"
#include "eval/definition_profile.h"

namespace ranklab::cli {

void EvalOptions::addTo(Command& command) {
    command.add_option("--metrics,-m", metrics,
                       "Comma list: families (expanded over --cutoffs) or full ids, e.g. ndcg,recall@100,"
                       "ndcg(gain=exp)@10,ap(norm=min)@20,rr@all,rprec")
        ->capture_default_str();
    command.add_option("--cutoffs,-k", cutoffs, "Cutoffs for families given without @k")->capture_default_str();
    auto* tiesOption = command.add_option("--ties", ties, "Tie policy: " + listedNames<TiePolicy>(kTiePolicyNames))
        ->check(Check::member(acceptedNames<TiePolicy>(kTiePolicyNames)))
        ->capture_default_str();
    auto* usersOption = command.add_option("--users", users, "Users averaged: " + listedNames<UsersPolicy>(kUsersPolicyNames))
        ->check(Check::member(acceptedNames<UsersPolicy>(kUsersPolicyNames)))
        ->capture_default_str();
    command.add_option("--rel", rel, "Lowest relevant grade (a metric's rel= overrides it)")
        ->check(Check::custom(
            [](std::string& text) {
                // CLI11 reads "nan" and "inf" as numbers; a threshold must be finite.
                double value = 0;
                const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
                if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
                    return std::string("expected a finite number, got \"").append(text).append("\"");
                return std::string();
            },
            "NUMBER"))
        ->capture_default_str();
    command.add_flag("--no-exclusions", noExclusions, "Read --exclude but do not apply it");
    std::string names;
    for (const std::string& n : profileNames()) names.append(names.empty() ? "" : " | ").append(n);
    command
        .add_option("--profile", profile,
                    "Compute every metric as this tool defines it (gain, ideal, AP normaliser, ties, users; "
                    "docs/profiles.md): " + names)
        ->excludes(tiesOption)
        ->excludes(usersOption);
}

WorkspaceEvaluation EvalOptions::request() const {
    WorkspaceEvaluation e;
    e.metrics = {metrics};
    e.cutoffs = parseCutoffs(cutoffs);
    e.ties = *parseTiePolicy(ties);
    e.users = *parseUsersPolicy(users);
    e.relevanceThreshold = rel;
    e.profile = profile;
    return e;
}

EvalSettings EvalOptions::settings(int threads) const {
    EvalSettings s = toEvalSettings(request());
    if (!profile.empty()) {
        // A parameter written in a metric id wins over the profile: said, never silent.
        WorkspaceEvaluation asWritten = request();
        asWritten.profile.clear();
        for (const std::string& line : profileKept(findProfile(profile), toEvalSettings(asWritten).metrics))
            std::cerr << "ranklab-cli: note: " << line << '\n';
    }
    s.useExclusions = !noExclusions;
    s.parallelism = Parallelism(threads);  // toEvalSettings applied the profile
    return s;
}

std::vector<MetricSpec> EvalOptions::profiled(std::vector<MetricSpec> metrics) const {
    if (profile.empty()) return metrics;
    const DefinitionProfile& p = findProfile(profile);
    for (MetricSpec& m : metrics) m = applyProfile(p, m);
    return metrics;
}

} // namespace ranklab::cli
