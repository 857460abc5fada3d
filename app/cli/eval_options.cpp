#include "cli/eval_options.h"

#include <charconv>
#include <cmath>
#include <string>

#include "common/error.h"

namespace ranklab::cli {

void EvalOptions::addTo(CLI::App& command) {
    command.add_option("--metrics,-m", metrics,
                       "Comma list: families (expanded over --cutoffs) or full ids, e.g. ndcg,recall@100,"
                       "ndcg(gain=exp)@10,ap(norm=min)@20,rr@all,rprec")
        ->capture_default_str();
    command.add_option("--cutoffs,-k", cutoffs, "Cutoffs for families given without @k")->capture_default_str();
    command.add_option("--ties", ties, "Tie policy: expected | trec | input | optimistic | pessimistic")
        ->check(CLI::IsMember({"expected", "trec", "input", "optimistic", "pessimistic"}))
        ->capture_default_str();
    command.add_option("--users", users, "Users averaged: relevant | trec | all")
        ->check(CLI::IsMember({"relevant", "trec", "all"}))
        ->capture_default_str();
    command.add_option("--rel", rel, "Lowest relevant grade (a metric's rel= overrides it)")
        ->check(CLI::Validator(
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
}

WorkspaceEvaluation EvalOptions::request() const {
    WorkspaceEvaluation e;
    e.metrics = {metrics};
    e.cutoffs = parseCutoffs(cutoffs);
    e.ties = *parseTiePolicy(ties);
    e.users = *parseUsersPolicy(users);
    e.relevanceThreshold = rel;
    return e;
}

EvalSettings EvalOptions::settings(int threads) const {
    EvalSettings s = toEvalSettings(request());
    s.useExclusions = !noExclusions;
    s.parallelism = Parallelism(threads);
    return s;
}

} // namespace ranklab::cli
