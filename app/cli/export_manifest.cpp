#include "cli/export_manifest.h"

#include "cli/input_options.h"
#include "manifest/manifest_embed.h"

namespace ranklab::cli {

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
