#pragma once
// The manifest of an export: which RankLab made it, from which files (path,
// size, SHA-256, format, reading), with which evaluation and statistics
// settings, over how many users, the command line (shown to people, never
// run) and the study request (study_request.h) that `verify` recomputes.
// Every export carries one (report/manifest_embed.h says where).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/eval_settings.h"
#include "eval/user_selection.h"
#include "io/dataset_loader.h"
#include "io/read_options.h"
#include "compare/comparison.h"
#include "manifest/study_request.h"

namespace ranklab {

struct ManifestFile {
    std::string role;  // "ground_truth", "run", "exclusions", "cohorts", "catalog", "items", "workspace"
    std::string name;  // a run's model name as given (may be empty)
    std::string path;  // absolute
    std::uint64_t size = 0;
    std::string sha256;
    std::string format;       // FormatSpec::toString()
    bool skipBadLines = false;
    std::string duplicates;   // "error", "first", "max"
    bool operator==(const ManifestFile&) const = default;
};

struct ManifestEvaluation {
    std::vector<std::string> metrics;  // metric@k ids, parameters included
    std::string ties;
    std::string users;
    double relevanceThreshold = 1.0;
    bool exclusionsApplied = true;
    bool operator==(const ManifestEvaluation&) const = default;
};

struct ManifestStatistics {
    std::vector<std::string> tests;
    std::string correction;
    double alpha = 0.05;
    double level = 0.95;
    std::string interval;  // the interval shown: "t", "bootstrap", "none"
    bool bootstrap = true;
    std::size_t resamples = 0;
    std::uint64_t seed = 0;
    // The many-model procedures ("tukey", "randomized-tukey", "friedman")
    // and the smallest differences that matter (MinEffects::toString(),
    // "" for none); both omitted from the JSON when empty.
    std::vector<std::string> many;
    std::string minEffect;
    bool operator==(const ManifestStatistics&) const = default;
};

struct Manifest {
    std::string version;
    std::string commit;
    std::string date;                  // UTC ISO 8601
    std::vector<std::string> command;  // the ranklab-cli arguments as given, for people (verify never runs them)
    std::string workingDirectory;      // where the command ran (its relative paths start there)
    std::vector<ManifestFile> inputs;
    std::optional<ManifestEvaluation> evaluation;
    std::optional<ManifestStatistics> statistics;
    std::optional<UserCounts> users;
    std::optional<StudyRequest> request;  // none: an older export, or one verify cannot recompute
};

// Version, commit and date of now, and `command`.
Manifest startManifest(std::vector<std::string> command);
// The files of `sources` (hashed; several at once), with the reading of
// `options` unless a file has its own. Throws Error naming a file it
// cannot read.
std::vector<ManifestFile> describeInputs(const DatasetSources& sources, const ReadOptions& options);
ManifestEvaluation describeEvaluation(const EvalSettings& settings);
ManifestStatistics describeStatistics(const stats::ComparisonOptions& options, const std::string& interval);

// The inputs of a request, by role, as indices into `inputs` (the
// manifest's list); none when a file has a role a request cannot name.
std::optional<RequestInputs> requestInputsOf(const std::vector<ManifestFile>& inputs);

// The manifest as JSON text (`indent` < 0: one line) and back. fromJson
// throws Error saying what is missing or malformed: roles, SHA-256 digests,
// formats, reading policies and the request are validated.
std::string manifestJson(const Manifest& manifest, int indent = 2);
Manifest manifestFromJson(const std::string& json);

} // namespace ranklab
