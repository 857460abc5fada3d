// Writing a workspace file: the JSON text (paths relative to the file's
// folder, keys in a fixed order) and its atomic write.
#include "workspace/workspace_file.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "common/output_file.h"
#include "workspace/workspace_paths.h"

namespace ranklab {
namespace fs = std::filesystem;

std::string workspaceJson(const Workspace& workspace, const std::string& path) {
    using Ordered = nlohmann::ordered_json;
    const fs::path base = workspaceBaseFolder(path);
    auto reading = [](Ordered& object, const std::optional<WorkspaceSettings>& r) {
        if (!r) return;
        object["skip_bad_lines"] = r->skipBadLines;
        object["duplicates"] = duplicatePolicyName(r->duplicates);
    };
    auto file = [&](const WorkspaceFile& f) {
        Ordered object{{"path", pathRelativeTo(f.path, base)}, {"format", f.format.toString()}};
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
        model["path"] = pathRelativeTo(m.path, base);
        model["format"] = m.format.toString();
        if (!m.color.empty()) model["color"] = m.color;
        model["visible"] = m.visible;
        reading(model, m.reading);
        models.push_back(std::move(model));
    }
    root["models"] = std::move(models);
    if (workspace.exclusions) root["exclusions"] = file(*workspace.exclusions);
    if (workspace.cohorts) root["cohorts"] = file(*workspace.cohorts);
    if (workspace.catalog) root["catalog"] = file(*workspace.catalog);
    if (workspace.items) root["items"] = file(*workspace.items);
    root["settings"] = Ordered{{"skip_bad_lines", workspace.settings.skipBadLines},
                               {"duplicates", duplicatePolicyName(workspace.settings.duplicates)}};
    const WorkspaceEvaluation& e = workspace.evaluation;
    root["evaluation"] = Ordered{{"metrics", e.metrics},
                                 {"cutoffs", e.cutoffs},
                                 {"ties", tiePolicyName(e.ties)},
                                 {"users", usersPolicyName(e.users)},
                                 {"relevance_threshold", e.relevanceThreshold}};
    if (!e.profile.empty()) root["evaluation"]["profile"] = e.profile;
    if (e.sampledNegatives > 0)
        root["evaluation"]["sampled"] = Ordered{{"negatives", e.sampledNegatives}, {"catalog_size", e.catalogSize}};
    if (const auto& c = workspace.comparison) {
        Ordered comparison;
        if (c->baseline == WorkspaceComparison::Baseline::AllPairs) comparison["baseline"] = nullptr;
        else if (c->baseline == WorkspaceComparison::Baseline::Named) comparison["baseline"] = c->baselineName;
        comparison["test"] = c->test;
        comparison["correction"] = c->correction;
        comparison["alpha"] = c->alpha;
        comparison["interval"] = c->interval;
        comparison["display"] = c->display;
        comparison["transposed"] = c->transposed;
        if (!c->minEffect.empty()) comparison["min_effect"] = c->minEffect;
        root["comparison"] = std::move(comparison);
    }
    if (!workspace.view.metric.empty() || !workspace.view.summaryPlot.empty()) {
        Ordered view;
        if (!workspace.view.metric.empty()) view["metric"] = workspace.view.metric;
        if (!workspace.view.summaryPlot.empty()) view["summary_plot"] = workspace.view.summaryPlot;
        root["view"] = std::move(view);
    }
    root["saved_in"] = base.generic_string();
    return root.dump(2) + '\n';
}

void writeWorkspaceFile(const Workspace& workspace, const std::string& path) {
    const std::string text = workspaceJson(workspace, path);
    try {
        OutputFile file(path);
        file.write(text);
        file.commit();
    } catch (const Error& e) {
        throw Error("cannot save the workspace to " + path + ": " + e.what());
    }
}

} // namespace ranklab
