#include "cli/export_manifest.h"

#include <algorithm>

#include "cli/input_options.h"
#include "common/error.h"
#include "manifest/manifest_embed.h"

namespace ranklab::cli {
namespace {

// The options that name inputs (the manifest's list stands for them), outputs
// or the machine (threads): never part of a request.
bool namesFileOrOutput(const std::string& name) {
    static const char* const names[] = {"workspace", "w",           "qrels",          "run",
                                        "exclude",   "cohorts",     "catalog",        "items",
                                        "only-users", "qrels-format", "run-format",    "exclude-format",
                                        "cohorts-format", "items-format", "out",       "per-user",
                                        "partial",   "bucket-sizes", "manifest",      "threads"};
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

bool falsy(const std::vector<std::string>& values) {
    if (values.empty()) return false;
    const std::string& v = values.back();
    return v == "false" || v == "0" || v == "off" || v == "no" || v == "-1";
}

} // namespace

std::optional<StudyRequest> studyRequest(const std::vector<ManifestFile>& inputs) {
    const auto kind = parseRequestKind(givenCommand());
    if (!kind) return std::nullopt;
    const std::optional<RequestInputs> byRole = requestInputsOf(inputs);
    if (!byRole) return std::nullopt;
    StudyRequest r;
    r.kind = *kind;
    r.inputs = *byRole;
    for (const GivenOption& g : givenOptions()) {
        if (namesFileOrOutput(g.name)) continue;
        if (!isRequestSetting(g.name) || g.flag != isRequestFlag(g.name)) return std::nullopt;
        RequestSetting s;
        s.name = g.name;
        s.flag = g.flag;
        if (g.flag && falsy(g.values)) continue;
        if (!g.flag) s.values = g.values;
        try {
            checkRequestSetting(s);
        } catch (const Error&) {
            return std::nullopt;  // verify then says it cannot recompute this export
        }
        r.settings.push_back(std::move(s));
    }
    std::sort(r.settings.begin(), r.settings.end(),
              [](const RequestSetting& a, const RequestSetting& b) { return a.name < b.name; });
    return r;
}

std::vector<std::string>& commandLine() {
    static std::vector<std::string> arguments;
    return arguments;
}

std::vector<ManifestFile> hashedInputs(const InputOptions& input) {
    std::vector<ManifestFile> files = describeInputs(input.sources(), input.readOptions());
    if (!input.workspacePath.empty()) {
        DatasetSources only;
        only.judgments = input.workspacePath;
        ManifestFile ws = describeInputs(only, input.readOptions()).front();
        ws.role = "workspace";
        ws.format = "ranklab";
        files.insert(files.begin(), ws);
    }
    return files;
}

Manifest commandManifest(const InputOptions& input, const EvalSettings* evaluation,
                         const stats::ComparisonOptions* statistics, const std::string& interval,
                         const UserCounts* users, std::vector<ManifestFile>* hashed) {
    Manifest m = startManifest(commandLine());
    m.inputs = hashed ? std::move(*hashed) : hashedInputs(input);
    if (evaluation) m.evaluation = describeEvaluation(*evaluation);
    if (statistics) m.statistics = describeStatistics(*statistics, interval);
    if (users) m.users = *users;
    m.request = studyRequest(m.inputs);
    return m;
}

std::string withManifest(const std::string& text, const std::string& format, const std::string& out,
                         const InputOptions& input, const EvalSettings* evaluation,
                         const stats::ComparisonOptions* statistics, const std::string& interval,
                         const UserCounts* users) {
    if (out.empty() && !input.manifest) return text;
    return embedManifest(text, format, commandManifest(input, evaluation, statistics, interval, users));
}

} // namespace ranklab::cli
