// The workspace file's small vocabulary (duplicate policies) and what a
// workspace becomes for the engine: dataset sources, read options and
// evaluation settings, and which of its data files are present. Reading is
// in workspace_reader.cpp, writing in workspace_writer.cpp.
#include "workspace/workspace_file.h"

#include <filesystem>

#include "common/error.h"
#include "eval/definition_profile.h"
#include "io/parquet_source.h"

namespace ranklab {
namespace fs = std::filesystem;

const char* duplicatePolicyName(DuplicatePolicy policy) {
    switch (policy) {
    case DuplicatePolicy::First:
        return "first";
    case DuplicatePolicy::Max:
        return "max";
    case DuplicatePolicy::Error:
        break;
    }
    return "error";
}

std::optional<DuplicatePolicy> parseDuplicatePolicy(std::string_view text) {
    for (DuplicatePolicy p : {DuplicatePolicy::Error, DuplicatePolicy::First, DuplicatePolicy::Max})
        if (text == duplicatePolicyName(p)) return p;
    return std::nullopt;
}

DatasetSources toSources(const Workspace& workspace) {
    DatasetSources s;
    s.judgments = workspace.groundTruth.path;
    s.judgmentsFormat = workspace.groundTruth.format;
    s.judgmentsPolicy = workspace.groundTruth.reading;
    for (const WorkspaceModel& m : workspace.models) {
        s.runs.push_back({m.name, m.path, m.format});
        s.runPolicies.push_back(m.reading);
    }
    if (workspace.exclusions) {
        s.exclusions = workspace.exclusions->path;
        s.exclusionsFormat = workspace.exclusions->format;
        s.exclusionsPolicy = workspace.exclusions->reading;
    }
    if (workspace.cohorts) {
        s.cohorts = workspace.cohorts->path;
        s.cohortsFormat = workspace.cohorts->format;
        s.cohortsPolicy = workspace.cohorts->reading;
    }
    if (workspace.catalog) s.catalog = workspace.catalog->path;
    if (workspace.items) {
        s.items = workspace.items->path;
        s.itemsFormat = workspace.items->format;
    }
    return s;
}

EvalSettings toEvalSettings(const WorkspaceEvaluation& evaluation) {
    if (evaluation.metrics.empty()) throw Error("no metrics chosen: pick at least one metric");
    std::string list;
    for (const std::string& m : evaluation.metrics) list.append(list.empty() ? "" : ",").append(m);
    EvalSettings s;
    s.metrics = expandMetrics(list, evaluation.cutoffs);
    if (s.metrics.empty()) throw Error("no metric@k to compute: give at least one cutoff");
    s.ties = evaluation.ties;
    s.users = evaluation.users;
    s.relevanceThreshold = evaluation.relevanceThreshold;
    if (!evaluation.profile.empty()) applyProfile(findProfile(evaluation.profile), s);
    return s;
}

bool dataFileExists(const std::string& path) {
    std::error_code error;
    if (fs::is_regular_file(fs::path(path), error)) return true;
    // A folder of Parquet parts, or a glob of them, is one data file.
    const bool glob = path.find_first_of("*?[") != std::string::npos;
    return (glob || fs::is_directory(fs::path(path), error)) && looksLikeParquet(path);
}

std::vector<std::string> missingFiles(const Workspace& workspace) {
    std::vector<std::string> missing;
    auto check = [&](const std::string& path) {
        if (!path.empty() && !dataFileExists(path)) missing.push_back(path);
    };
    check(workspace.groundTruth.path);
    for (const WorkspaceModel& m : workspace.models) check(m.path);
    if (workspace.exclusions) check(workspace.exclusions->path);
    if (workspace.cohorts) check(workspace.cohorts->path);
    if (workspace.catalog) check(workspace.catalog->path);
    if (workspace.items) check(workspace.items->path);
    return missing;
}

Workspace presentFiles(const Workspace& workspace, std::vector<std::size_t>* kept) {
    Workspace present = workspace;
    present.models.clear();
    if (kept) kept->clear();
    for (std::size_t i = 0; i < workspace.models.size(); ++i) {
        if (!dataFileExists(workspace.models[i].path)) continue;
        present.models.push_back(workspace.models[i]);
        if (kept) kept->push_back(i);
    }
    if (present.exclusions && !dataFileExists(present.exclusions->path)) present.exclusions.reset();
    if (present.cohorts && !dataFileExists(present.cohorts->path)) present.cohorts.reset();
    if (present.catalog && !dataFileExists(present.catalog->path)) present.catalog.reset();
    if (present.items && !dataFileExists(present.items->path)) present.items.reset();
    return present;
}

WorkspaceSettings readingOf(const Workspace& workspace, const std::optional<WorkspaceSettings>& own) {
    return own ? *own : workspace.settings;
}

ReadOptions toReadOptions(const Workspace& workspace) {
    ReadOptions o;
    o.skipBadLines = workspace.settings.skipBadLines;
    o.duplicates = workspace.settings.duplicates;
    return o;
}

} // namespace ranklab
