#pragma once
// --workspace FILE.ranklab: a GUI session rerun in a script. The workspace
// gives the files (paths, formats, names, reading), the evaluation choices
// (metrics, cutoffs, ties, users, relevance threshold) and the comparison
// set-up (baseline, test, correction, alpha, interval); an option given
// explicitly on the command line overrides the workspace's value.
//
// The workspace is the request type the GUI and the CLI share: the options
// a command was given are laid over it (cli::InputOptions::sources and
// cli::EvalOptions::request), and the evaluation settings come from the
// same toEvalSettings the workbench calls.
#include <string>

#include "cli/command_line.h"

#include "workspace/workspace_file.h"

namespace ranklab::cli {

struct InputOptions;
struct EvalOptions;
struct ComparisonChoices;
struct SampledOptions;

// What a command lets the workspace fill in (null: the command has none).
struct WorkspaceTargets {
    EvalOptions* eval = nullptr;
    ComparisonChoices* choices = nullptr;
    std::string* baseline = nullptr;  // a model name; "" the first
    bool* allPairs = nullptr;
    std::string* interval = nullptr;  // "t", "bootstrap", "none"
    std::string* minEffect = nullptr;  // --min-effect: the Summary's δ
    SampledOptions* sampled = nullptr;  // --sampled, --catalog-size: the evaluation's protocol
};

// Reads `input.workspace` (when given) after `command` is parsed and lays
// the explicitly given options over it; checks that --qrels (and --run where
// required) come from one or the other. Throws InputError for a bad file.
void applyWorkspace(const Command& command, InputOptions& input, const WorkspaceTargets& targets);

// "a,b,c" of `items`.
std::string joinList(const std::vector<std::string>& items);

} // namespace ranklab::cli
