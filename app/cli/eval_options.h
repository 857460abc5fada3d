#pragma once
// The evaluation options shared by eval, compare, curves, ...: metrics,
// cutoffs, ties, users policy, relevance threshold.
#include <string>

#include "cli/command_line.h"

#include "eval/eval_settings.h"
#include "workspace/workspace_file.h"

namespace ranklab::cli {

struct EvalOptions {
    std::string metrics = "hr,precision,recall,ndcg,ap,rr";
    std::string cutoffs = "5,10,20";
    std::string ties = "expected";
    std::string users = "relevant";
    double rel = 1.0;
    bool noExclusions = false;
    // A definition profile (docs/profiles.md): rewrites every metric and the
    // tie and users policies to that tool's definitions.
    std::string profile;

    void addTo(Command& command);
    // The choices as the request type the GUI saves (metrics kept as one
    // comma list, which toEvalSettings expands over the cutoffs).
    WorkspaceEvaluation request() const;
    // toEvalSettings(request()) with exclusions and threads. Throws Error on
    // a bad metric id or cutoff list.
    EvalSettings settings(int threads) const;
    // `metrics` as --profile defines them (unchanged without --profile).
    std::vector<MetricSpec> profiled(std::vector<MetricSpec> metrics) const;
};

} // namespace ranklab::cli
