#include "cli/workspace_option.h"

#include <iostream>

#include "cli/comparison_choices.h"
#include "cli/eval_options.h"
#include "cli/input_options.h"
#include "cli/sampled_options.h"
#include "common/error.h"
#include "common/terminal_text.h"
#include "workspace/comparison_setup.h"

namespace ranklab::cli {
namespace {

// The options a workspace can stand in for, by their long name.
const char* const kOverridable[] = {
    "--qrels",  "--run",      "--qrels-format", "--run-format",     "--exclude",    "--exclude-format",
    "--cohorts", "--cohorts-format", "--skip-bad-lines", "--duplicates", "--metrics", "--cutoffs",
    "--ties",   "--users",    "--rel",          "--test",           "--correction", "--alpha",
    "--baseline", "--all-pairs", "--interval", "--profile", "--catalog", "--items", "--items-format", "--header",
    "--min-effect", "--sampled", "--catalog-size"};

bool has(const Command& command, const char* name) {
    return command.has_option(name);
}

void fillEvaluation(const Command& command, const WorkspaceEvaluation& e, const InputOptions& in, EvalOptions& eval) {
    if (has(command, "--metrics") && !in.isGiven("--metrics")) eval.metrics = joinList(e.metrics);
    if (has(command, "--cutoffs") && !in.isGiven("--cutoffs")) {
        std::vector<std::string> ks;
        for (std::uint32_t k : e.cutoffs) ks.push_back(std::to_string(k));
        eval.cutoffs = joinList(ks);
    }
    if (!in.isGiven("--ties")) eval.ties = tiePolicyName(e.ties);
    if (!in.isGiven("--users")) eval.users = usersPolicyName(e.users);
    if (!in.isGiven("--rel")) eval.rel = e.relevanceThreshold;
    // The workspace's profile, unless the command line chooses the definitions.
    if (!in.isGiven("--profile") && !in.isGiven("--ties") && !in.isGiven("--users")) eval.profile = e.profile;
}

void fillComparison(const WorkspaceComparison& c, const InputOptions& in, const WorkspaceTargets& t) {
    if (t.choices) {
        // The tests as the workbench runs them (workspace/comparison_setup.h):
        // the set-up's test first, the default ones after it.
        if (!in.isGiven("--test")) t.choices->tests = setupTests(c);
        if (!in.isGiven("--correction")) t.choices->correction = c.correction;
        if (!in.isGiven("--alpha")) t.choices->alpha = c.alpha;
        if (c.interval == "bootstrap") t.choices->noBootstrap = false;
    }
    if (t.interval && !in.isGiven("--interval")) t.interval->assign(c.interval);
    if (t.minEffect && !in.isGiven("--min-effect")) t.minEffect->assign(c.minEffect);  // the Summary's δ
    const bool baselineGiven = in.isGiven("--baseline") || in.isGiven("--all-pairs");
    if (t.baseline && !baselineGiven) {
        switch (c.baseline) {
        case WorkspaceComparison::Baseline::AllPairs:
            if (t.allPairs) *t.allPairs = true;
            else t.baseline->clear();  // a command without --all-pairs: its default
            break;
        case WorkspaceComparison::Baseline::Named: t.baseline->assign(c.baselineName); break;
        case WorkspaceComparison::Baseline::First: t.baseline->clear(); break;
        }
    }
}

} // namespace

std::string joinList(const std::vector<std::string>& items) {
    std::string text;
    for (const std::string& item : items) text.append(text.empty() ? "" : ",").append(item);
    return text;
}

void applyWorkspace(const Command& command, InputOptions& input, const WorkspaceTargets& targets) {
    input.given.clear();
    for (const char* name : kOverridable)
        if (has(command, name) && command.count(name) > 0) input.given.insert(name);
    if (input.workspacePath.empty()) {
        if (input.qrels.empty()) throwRequired("--qrels (or --workspace)");
        if (input.runsRequired && input.runs.empty()) throwRequired("--run (or --workspace)");
        return;
    }
    WorkspaceReadNotes notes;
    Workspace ws = readWorkspaceFile(input.workspacePath, &notes);
    for (const std::string& moved : notes.relocated)
        std::cerr << "ranklab-cli: note: " << input.workspacePath << ": found " << moved << " by the folder search\n";
    for (const std::string& warning : notes.warnings) std::cerr << "ranklab-cli: warning: " << terminalSafe(warning) << '\n';
    input.workspace = ws;
    if (input.runsRequired && ws.models.empty() && input.runs.empty())
        throw Error(input.workspacePath + ": the workspace has no models and no --run was given");
    if (targets.eval) fillEvaluation(command, ws.evaluation, input, *targets.eval);
    if (ws.comparison) fillComparison(*ws.comparison, input, targets);
    // The sampled-negative protocol the workbench estimates the Summary with.
    if (targets.sampled && !input.isGiven("--sampled") && !input.isGiven("--catalog-size") &&
        ws.evaluation.sampledNegatives > 0 && ws.evaluation.catalogSize > ws.evaluation.sampledNegatives) {
        targets.sampled->negatives = ws.evaluation.sampledNegatives;
        targets.sampled->catalogSize = ws.evaluation.catalogSize;
    }
}

} // namespace ranklab::cli
