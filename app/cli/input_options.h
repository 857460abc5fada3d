#pragma once
// The input options every evaluating command shares: --qrels, --run
// [NAME=]FILE, --exclude, --cohorts, --catalog, --items, formats, bad lines, duplicates, threads, and
// --workspace FILE.ranklab under them all (cli/workspace_option.h).
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/command_line.h"

#include "common/progress.h"
#include "io/dataset.h"
#include "io/dataset_loader.h"
#include "cli/workspace_option.h"
#include "workspace/workspace_file.h"

namespace ranklab::cli {

struct InputOptions {
    std::string qrels;
    std::vector<std::string> runs;  // [NAME=]FILE
    std::string exclude;
    std::string cohorts;
    std::string catalog;  // one item id a line
    std::string items;    // item attribute lines
    std::string itemsFormat = "auto";
    std::string qrelsFormat = "auto";
    std::string runFormat = "auto";
    std::string excludeFormat = "auto";
    std::string cohortsFormat = "auto";
    std::string header = "auto";  // --header yes | no | auto, for every delimited file
    bool skipBadLines = false;
    std::string duplicates = "error";
    int threads = 0;
    std::size_t maxLineLength = kDefaultMaxLineBytes;  // limits against hostile input (0: none)
    std::size_t maxFields = kDefaultMaxFields;
    double maxExpansion = kDefaultMaxExpansion;
    // Set by the command from its metrics (rankingDepth()): a dense numpy
    // matrix keeps this many items per user (0: all). Not an option.
    std::uint32_t rankDepth = 0;
    std::string workspacePath;              // --workspace
    std::optional<Workspace> workspace;     // read after parsing
    std::set<std::string> given;            // the options given explicitly (over the workspace)
    WorkspaceTargets targets;               // what else the workspace fills in (set by the command)
    bool runsRequired = false;
    bool manifest = false;  // --manifest: embed the manifest in standard output too
    // load() refuses a run that shares no user with the ground truth and
    // warns about runs' users outside it (eval/id_overlap.h); validate and
    // inspect, which report those counts themselves, turn it off.
    bool checkUserIds = true;

    bool isGiven(const std::string& option) const { return given.count(option) > 0; }

    // Registers the options on `command`; with `runsRequired`, --run (or a
    // workspace's models) must be given. After parsing, the workspace is
    // read and laid under the explicit options (applyWorkspace).
    void addTo(Command& command, bool runsRequired);
    DatasetSources sources() const;
    ReadOptions readOptions() const;
    // Loads everything; bad-line warnings go to stderr.
    // With `streaming`, the runs are read in chunks handed to it (eval --stream).
    Dataset load(const Progress* progress = nullptr, const RunStreaming* streaming = nullptr) const;
};

} // namespace ranklab::cli
