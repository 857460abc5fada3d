// Writing a workspace file: paths relative to its folder, written atomically.
#include "workspace/workspace_file.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "common/atomic_file.h"
#include "common/error.h"
#include "workspace/workspace_folder.h"

namespace ranklab {
namespace fs = std::filesystem;

// The folder that relative paths in the workspace file are relative to.
fs::path workspaceFolder(const std::string& workspacePath) {
    return fs::absolute(fs::path(workspacePath)).lexically_normal().parent_path();
}

namespace {

// `path` as written in a workspace saved in `base`: relative to it.
std::string relativeTo(const std::string& path, const fs::path& base) {
    fs::path absolute = fs::absolute(fs::path(path)).lexically_normal();
    fs::path relative = absolute.lexically_relative(base);
    return relative.empty() ? absolute.generic_string() : relative.generic_string();
}


} // namespace

std::string workspaceJson(const Workspace& workspace, const std::string& path) {
    using Ordered = nlohmann::ordered_json;
    const fs::path base = workspaceFolder(path);
    auto reading = [](Ordered& object, const std::optional<WorkspaceSettings>& r) {
        if (!r) return;
        object["skip_bad_lines"] = r->skipBadLines;
        object["duplicates"] = duplicatePolicyName(r->duplicates);
    };
    auto file = [&](const WorkspaceFile& f) {
        Ordered object{{"path", relativeTo(f.path, base)}, {"format", f.format.toString()}};
        reading(object, f.reading);
        return object;
    };
    Ordered root;
    root["ranklab_workspace"] = kWorkspaceVersion;
    root["ground_truth"] = file(workspace.groundTruth);
    Ordered models = Ordered::array();
    for (const WorkspaceModel& m : workspace.models) {
        Ordered model;
        if (!m.name.empty()) model["name"] = m.name;
        model["path"] = relativeTo(m.path, base);
        model["format"] = m.format.toString();
        if (!m.color.empty()) model["color"] = m.color;
        model["visible"] = m.visible;
        reading(model, m.reading);
        models.push_back(std::move(model));
    }
    root["models"] = std::move(models);
    if (workspace.exclusions) root["exclusions"] = file(*workspace.exclusions);
    if (workspace.cohorts) root["cohorts"] = file(*workspace.cohorts);
    root["settings"] = Ordered{{"skip_bad_lines", workspace.settings.skipBadLines},
                               {"duplicates", duplicatePolicyName(workspace.settings.duplicates)}};
    const WorkspaceEvaluation& e = workspace.evaluation;
    root["evaluation"] = Ordered{{"metrics", e.metrics},
                                 {"cutoffs", e.cutoffs},
                                 {"ties", tiePolicyName(e.ties)},
                                 {"users", usersPolicyName(e.users)},
                                 {"relevance_threshold", e.relevanceThreshold}};
    if (const auto& c = workspace.comparison) {
        Ordered comparison;
        if (c->baseline == WorkspaceComparison::Baseline::AllPairs) comparison["baseline"] = nullptr;
        else if (c->baseline == WorkspaceComparison::Baseline::Named) comparison["baseline"] = c->baselineName;
        comparison["test"] = c->test;
        comparison["correction"] = c->correction;
        comparison["alpha"] = c->alpha;
        comparison["interval"] = c->interval;
        root["comparison"] = std::move(comparison);
    }
    root["saved_in"] = base.generic_string();
    return root.dump(2) + '\n';
}

void writeWorkspaceFile(const Workspace& workspace, const std::string& path) {
    const std::string text = workspaceJson(workspace, path);
    try {
        AtomicFile file(path);
        file.write(text);
        file.commit();
    } catch (const Error& e) {
        throw Error("cannot save the workspace to " + path + ": " + e.what());
    }
}

} // namespace ranklab
