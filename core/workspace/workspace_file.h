#pragma once
// A workspace saved as one JSON file (`.ranklab`): the ground truth, the
// models with their colours, optional exclusions and cohorts, and the read
// settings. File paths are kept absolute in memory; on disk they are written
// relative to the workspace file's folder and resolved against it on reading.
//
//   {"ranklab_workspace": 1,
//    "ground_truth": {"path": "qrels.txt", "format": "auto"},
//    "models": [{"name": "toprank", "path": "toprank.run", "format": "auto",
//                "color": "#1f77b4", "visible": true}],
//    "exclusions": {"path": "train.tsv", "format": "auto"},   (optional)
//    "cohorts": {"path": "groups.tsv", "format": "auto"},     (optional)
//    "settings": {"skip_bad_lines": false, "duplicates": "error"},
//    "evaluation": {"metrics": ["ndcg", "ap(norm=min)"], "cutoffs": [10, 100],
//                   "ties": "expected", "users": "relevant",
//                   "relevance_threshold": 1}}                  (optional)
//
// Unknown keys are ignored, so older builds read newer files as long as the
// version number stays the same.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/eval_settings.h"
#include "io/dataset_loader.h"
#include "io/file_format.h"
#include "io/read_options.h"

namespace ranklab {

// The version this build writes and the newest it reads.
inline constexpr int kWorkspaceVersion = 1;

struct WorkspaceFile {
    std::string path;
    FormatSpec format;
    bool operator==(const WorkspaceFile&) const = default;
};

struct WorkspaceModel {
    std::string name;  // empty: the loader names it (TREC tag or file stem)
    std::string path;
    FormatSpec format;
    std::string color;  // "#rrggbb", or empty for the default palette
    bool visible = true;
    bool operator==(const WorkspaceModel&) const = default;
};

struct WorkspaceSettings {
    bool skipBadLines = false;
    DuplicatePolicy duplicates = DuplicatePolicy::Error;
    bool operator==(const WorkspaceSettings&) const = default;
};

// What the evaluation panel chose. `metrics` are families with their
// parameters ("ndcg(gain=exp)"), expanded over `cutoffs`; an entry with its
// own "@k" (or a family without cutoffs, "rprec") is taken as it is.
struct WorkspaceEvaluation {
    std::vector<std::string> metrics = {"ndcg", "recall", "ap"};
    std::vector<std::uint32_t> cutoffs = {10, 100};
    TiePolicy ties = TiePolicy::Expected;
    UsersPolicy users = UsersPolicy::Relevant;
    double relevanceThreshold = 1.0;
    bool operator==(const WorkspaceEvaluation&) const = default;
};

struct Workspace {
    WorkspaceFile groundTruth;
    std::vector<WorkspaceModel> models;
    std::optional<WorkspaceFile> exclusions;
    std::optional<WorkspaceFile> cohorts;
    WorkspaceSettings settings;
    WorkspaceEvaluation evaluation;  // defaults when the file has none
    bool operator==(const Workspace&) const = default;
};

// Reads a workspace file. Relative paths inside it are resolved against its
// folder. Throws InputError naming the file (and line and column for JSON
// syntax errors) when it cannot be read or does not describe a workspace.
Workspace readWorkspaceFile(const std::string& path);

// The JSON text of `workspace` as it would be saved at `path`.
std::string workspaceJson(const Workspace& workspace, const std::string& path);

// Writes `workspace` to `path` atomically (a temporary file, flushed to disk,
// then renamed over `path`). Throws Error if it cannot.
void writeWorkspaceFile(const Workspace& workspace, const std::string& path);

// What the loader needs to read the workspace's files.
DatasetSources toSources(const Workspace& workspace);
ReadOptions toReadOptions(const Workspace& workspace);
// The evaluation's metric@k list and options. Throws Error naming a metric
// that does not parse or an empty list.
EvalSettings toEvalSettings(const WorkspaceEvaluation& evaluation);

// "error", "first", "max" and back; parseDuplicatePolicy returns nullopt for
// anything else.
const char* duplicatePolicyName(DuplicatePolicy policy);
std::optional<DuplicatePolicy> parseDuplicatePolicy(std::string_view text);

} // namespace ranklab
