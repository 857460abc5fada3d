#include "eval/run_groups.h"

#include <cstdint>
#include <unordered_map>

#include "common/error.h"
#include "stats/column_means.h"

namespace ranklab {

std::vector<RunGroup> runGroups(const Dataset& data) {
    std::vector<RunGroup> groups;
    std::unordered_map<std::string, std::size_t> byModel;
    for (std::size_t i = 0; i < data.models.size(); ++i) {
        const ModelRun& run = data.models[i];
        if (run.model.empty()) {
            groups.push_back({run.name, {i}});
            continue;
        }
        const auto [at, added] = byModel.try_emplace(run.model, groups.size());
        if (added) groups.push_back({run.model, {}});
        groups[at->second].runs.push_back(i);
    }
    return groups;
}

std::vector<RunGroup> groupByName(const std::vector<std::string>& names) {
    std::vector<RunGroup> groups;
    std::unordered_map<std::string, std::size_t> byModel;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto [at, added] = byModel.try_emplace(names[i], groups.size());
        if (added) groups.push_back({names[i], {}});
        groups[at->second].runs.push_back(i);
    }
    return groups;
}

std::vector<std::string> runLabels(const std::vector<std::string>& names) {
    std::vector<std::string> labels = names;
    for (const RunGroup& g : groupByName(names)) {
        if (g.runs.size() < 2) continue;
        for (std::size_t k = 0; k < g.runs.size(); ++k)
            labels[g.runs[k]] = g.model + " (run " + std::to_string(k + 1) + ")";
    }
    return labels;
}

bool hasRepeatedRuns(const std::vector<RunGroup>& groups) {
    for (const RunGroup& g : groups)
        if (g.runs.size() > 1) return true;
    return false;
}

Evaluation averageRuns(const Evaluation& runs, const std::vector<RunGroup>& groups) {
    Evaluation out;
    out.settings = runs.settings;
    out.users = runs.users;
    out.userKeys = runs.userKeys;
    out.counts = runs.counts;
    const std::size_t metrics = runs.metricCount(), rows = runs.users.size();
    std::vector<std::uint8_t> setLevel(metrics, 0);
    for (std::size_t c = 0; c < metrics; ++c) setLevel[c] = runs.isSetLevel(c) ? 1 : 0;
    for (const RunGroup& group : groups) {
        if (group.runs.empty()) throw Error("model \"" + group.model + "\" has no runs");
        for (std::size_t r : group.runs)
            if (r >= runs.models.size())
                throw Error("model \"" + group.model + "\": run " + std::to_string(r) + " is not in the evaluation");
        ModelValues values;
        values.name = group.model;
        const double count = static_cast<double>(group.runs.size());
        if (group.runs.size() == 1) {
            values.perUser = runs.models[group.runs.front()].perUser;
            values.means = runs.models[group.runs.front()].means;
            out.models.push_back(std::move(values));
            continue;
        }
        values.perUser.assign(rows * metrics, 0.0);
        for (std::size_t r : group.runs) {
            const std::vector<double>& from = runs.models[r].perUser;
            for (std::size_t i = 0; i < from.size(); ++i) values.perUser[i] += from[i];
        }
        for (double& v : values.perUser) v /= count;
        values.means.assign(metrics, 0.0);
        for (std::size_t c = 0; c < metrics; ++c) {
            if (!setLevel[c]) continue;
            double sum = 0;
            for (std::size_t r : group.runs) sum += runs.models[r].means[c];
            values.means[c] = sum / count;
        }
        if (rows > 0)
            stats::columnMeans(values.perUser, rows, metrics, setLevel, values.means, runs.settings.parallelism);
        out.models.push_back(std::move(values));
    }
    return out;
}

} // namespace ranklab
