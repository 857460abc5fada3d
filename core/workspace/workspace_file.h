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
//    "catalog": {"path": "catalog.txt", "format": "auto"},    (optional)
//    "items": {"path": "genres.tsv", "format": "auto"},       (optional)
//    "settings": {"skip_bad_lines": false, "duplicates": "error"},
//    "evaluation": {"metrics": ["ndcg", "ap(norm=min)"], "cutoffs": [10, 100],
//                   "ties": "expected", "users": "relevant",
//                   "relevance_threshold": 1},                  (optional)
//    "comparison": {"baseline": "toprank", "test": "t", "correction": "holm",
//                   "alpha": 0.05, "interval": "t",
//                   "display": "delta", "transposed": false},   (optional)
//    "view": {"metric": "ndcg@10", "summary_plot": "cd"},       (optional)
//    "saved_in": "/home/me/study"}                              (optional)
//
// A file object (ground truth, model, exclusions, cohorts, items) may carry its own
// "skip_bad_lines" and "duplicates", over "settings". "baseline" is a model
// name, null for all pairs; absent, the first model. "saved_in" is the
// folder the workspace was saved in: when the workspace file has moved
// and a file is not found where its relative path points, it is looked for
// at that path from the old folder, then by its name beside the workspace.
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

// How bad lines and repeated entries are handled: the workspace's default
// ("settings") or one file's own.
using WorkspaceSettings = FileReadPolicy;

struct WorkspaceFile {
    std::string path;
    FormatSpec format;
    std::optional<WorkspaceSettings> reading = std::nullopt;  // none: the workspace's settings
    bool operator==(const WorkspaceFile&) const = default;
};

struct WorkspaceModel {
    std::string name;  // empty: the loader names it (TREC tag or file stem)
    std::string path;
    FormatSpec format;
    std::string color;  // "#rrggbb", or empty for the default palette
    bool visible = true;
    std::optional<WorkspaceSettings> reading = std::nullopt;  // none: the workspace's settings
    bool operator==(const WorkspaceModel&) const = default;
};

// The Summary's comparison set-up.
struct WorkspaceComparison {
    enum class Baseline { First, Named, AllPairs };
    Baseline baseline = Baseline::First;
    std::string baselineName;  // with Baseline::Named
    std::string test = "t";    // stats::toString(SignificanceTest)
    std::string correction = "holm";  // stats::toString(Correction)
    double alpha = 0.05;
    std::string interval = "t";  // the interval the cells show: "t", "bootstrap" or "none"
    // How the Summary's cells show it: "mean", "delta", "delta_percent",
    // "d_z" or "rank_biserial"; models as rows, or metrics as rows when transposed.
    std::string display = "mean";
    bool transposed = false;
    // The smallest difference that matters (stats::MinEffects::toString():
    // "0.01", "5%", "ndcg@10=0.01,2%"); empty: none, cells coloured by p.
    std::string minEffect;
    bool operator==(const WorkspaceComparison&) const = default;
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
    // The sampled-negative protocol (0: none): N negatives per user out of a
    // catalogue of M items; the Summary then shows the full-catalogue estimates.
    std::uint32_t sampledNegatives = 0;
    std::uint64_t catalogSize = 0;
    // A definition profile (docs/profiles.md; empty: none): toEvalSettings
    // computes every metric, the ties and the users as that tool does.
    std::string profile;
    bool operator==(const WorkspaceEvaluation&) const = default;
};

// What the analyst was looking at: the metric column the Per user, Cohorts
// and Checks tabs show (a canonical id such as "ndcg@10"; empty: each tab's
// default, the first column with the largest cutoff ≤ 20), and the plot open
// under the Summary's table: "cd" (the critical-difference diagram) or
// empty for the default, the forest plot (a file's "forest" reads as empty).
struct WorkspaceView {
    std::string metric;
    std::string summaryPlot;
    bool operator==(const WorkspaceView&) const = default;
};

// The Summary's cell displays, as a workspace names them.
inline constexpr const char* kWorkspaceDisplays[] = {"mean", "delta", "delta_percent", "d_z", "rank_biserial"};

struct Workspace {
    WorkspaceFile groundTruth;
    std::vector<WorkspaceModel> models;
    std::optional<WorkspaceFile> exclusions;
    std::optional<WorkspaceFile> cohorts;
    std::optional<WorkspaceFile> catalog;  // the item catalogue, one id a line (--catalog)
    std::optional<WorkspaceFile> items;    // item attributes, for ild and serendipity (--items)
    WorkspaceSettings settings;
    WorkspaceEvaluation evaluation;  // defaults when the file has none
    std::optional<WorkspaceComparison> comparison;  // none: as the session had it
    WorkspaceView view;
    bool operator==(const Workspace&) const = default;
};

// How reading the workspace file found its data files.
struct WorkspaceReadNotes {
    std::vector<std::string> relocated;  // found by the folder search (their new paths)
    std::vector<std::string> missing;    // not found at all (the paths kept)
    // "FILE: \"models[1].colour\": unknown key, ignored (did you mean \"color\"?)"
    std::vector<std::string> warnings;
};

// Reads a workspace file. Relative paths inside it are resolved against its
// folder. Throws InputError naming the file (and line and column for JSON
// syntax errors) when it cannot be read or does not describe a workspace.
// Files not found are looked for (see "saved_in" above); those still not
// found keep their path and are listed in `notes->missing`.
Workspace readWorkspaceFile(const std::string& path, WorkspaceReadNotes* notes = nullptr);

// Whether the data file at `path` exists (a missing one is shown as such
// and left out of the load).
bool dataFileExists(const std::string& path);
// The paths of `workspace`'s files that do not exist, ground truth first.
std::vector<std::string> missingFiles(const Workspace& workspace);
// `workspace` without the files that do not exist (what can be loaded);
// `kept`, if given, receives the index in `workspace.models` of each model
// kept. The ground truth stays even if missing (nothing loads without it).
Workspace presentFiles(const Workspace& workspace, std::vector<std::size_t>* kept = nullptr);
// The reading of a file: its own, else the workspace's.
WorkspaceSettings readingOf(const Workspace& workspace, const std::optional<WorkspaceSettings>& own);

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
