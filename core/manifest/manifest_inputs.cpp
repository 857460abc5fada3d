// The input files of a manifest: path, size and SHA-256 of each, hashed in
// parallel (one task a file).
#include <filesystem>
#include <future>

#include "common/sha256.h"
#include "io/input_opening.h"
#include "manifest/build_info.h"
#include "manifest/manifest.h"
#include "workspace/workspace_file.h"

namespace ranklab {
namespace fs = std::filesystem;

Manifest startManifest(std::vector<std::string> command) {
    Manifest m;
    m.version = ranklabVersion();
    m.commit = ranklabCommit();
    m.date = utcNowIso();
    m.command = std::move(command);
    std::error_code error;
    m.workingDirectory = fs::current_path(error).string();
    return m;
}

std::vector<ManifestFile> describeInputs(const DatasetSources& sources, const ReadOptions& options) {
    std::vector<ManifestFile> files;
    std::vector<std::string> paths;  // as given ("-" is standard input, not a file of that name)
    const FileReadPolicy fallback{options.skipBadLines, options.duplicates};
    auto add = [&](const char* role, const std::string& name, const std::string& path, const FormatSpec& format,
                   const std::optional<FileReadPolicy>& own) {
        if (path.empty()) return;
        paths.push_back(path);
        ManifestFile f;
        f.role = role;
        f.name = name;
        f.path = isStandardInput(path) ? path : fs::absolute(fs::path(path)).lexically_normal().string();
        f.format = format.toString();
        const FileReadPolicy reading = own.value_or(fallback);
        f.skipBadLines = reading.skipBadLines;
        f.duplicates = duplicatePolicyName(reading.duplicates);
        files.push_back(std::move(f));
    };
    add("ground_truth", "", sources.judgments, sources.judgmentsFormat, sources.judgmentsPolicy);
    for (std::size_t r = 0; r < sources.runs.size(); ++r)
        add("run", sources.runs[r].name, sources.runs[r].path, sources.runs[r].format,
            r < sources.runPolicies.size() ? sources.runPolicies[r] : std::nullopt);
    add("exclusions", "", sources.exclusions, sources.exclusionsFormat, sources.exclusionsPolicy);
    add("cohorts", "", sources.cohorts, sources.cohortsFormat, sources.cohortsPolicy);
    add("catalog", "", sources.catalog, FormatSpec{}, std::nullopt);
    add("items", "", sources.items, sources.itemsFormat, std::nullopt);
    std::vector<std::future<std::string>> hashes;
    std::vector<std::uint64_t> sizes(files.size());
    // A pipe, a FIFO or standard input was read once, by the loader: it is
    // not read again (a FIFO would wait for a writer that never comes), and
    // its SHA-256 is left empty: the inputs cannot be verified later anyway.
    for (std::size_t i = 0; i < files.size(); ++i)
        hashes.push_back(std::async(std::launch::async, [&, i] {
            return isStreamPath(paths[i]) ? std::string() : sha256OfFile(files[i].path, &sizes[i]);
        }));
    for (std::size_t i = 0; i < files.size(); ++i) {
        files[i].sha256 = hashes[i].get();
        files[i].size = sizes[i];
    }
    return files;
}

ManifestEvaluation describeEvaluation(const EvalSettings& settings) {
    ManifestEvaluation e;
    for (const MetricSpec& m : settings.metrics) e.metrics.push_back(m.id());
    e.ties = tiePolicyName(settings.ties);
    e.users = usersPolicyName(settings.users);
    e.relevanceThreshold = settings.relevanceThreshold;
    e.exclusionsApplied = settings.useExclusions;
    return e;
}

ManifestStatistics describeStatistics(const stats::ComparisonOptions& options, const std::string& interval) {
    ManifestStatistics s;
    for (stats::SignificanceTest t : options.tests) s.tests.emplace_back(stats::toString(t));
    s.correction = std::string(stats::toString(options.correction));
    s.alpha = options.alpha;
    s.level = options.level;
    s.interval = interval;
    s.bootstrap = options.bootstrapIntervals;
    s.resamples = options.resampling.resamples;
    s.seed = options.resampling.seed;
    for (stats::ManyModelTest t : options.many) s.many.emplace_back(stats::toString(t));
    s.minEffect = options.minEffect.toString();
    return s;
}

} // namespace ranklab
