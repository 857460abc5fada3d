#include "py_evaluation.h"

#include "common/error.h"
#include "eval/id_overlap.h"
#include "eval/run_groups.h"
#include "io/dataset_loader.h"
#include "io/header_mode.h"
#include "compare/min_effects.h"
#include "study/sampled_study.h"

namespace ranklab::python {
namespace {

EvalSettings settingsOf(const EvaluateArgs& a) {
    EvalSettings s;
    std::string list;
    for (const std::string& m : a.metrics) list += (list.empty() ? "" : ",") + m;
    s.metrics = expandMetrics(list, a.cutoffs);
    const auto ties = parseTiePolicy(a.ties);
    if (!ties) throw Error("ties \"" + a.ties + "\": expected " + expectedNames<TiePolicy>(kTiePolicyNames));
    const auto users = parseUsersPolicy(a.users);
    if (!users) throw Error("users \"" + a.users + "\": expected " + expectedNames<UsersPolicy>(kUsersPolicyNames));
    s.ties = *ties;
    s.users = *users;
    s.relevanceThreshold = a.rel;
    s.parallelism = Parallelism(a.threads);
    return s;
}

// Reads `sources` and evaluates every run, as ranklab-cli eval does: ids
// that do not match are refused or said; a shard (`buckets`) may hold a
// run's users judged elsewhere (only said).
PyEvaluation evaluateSources(const DatasetSources& sources, const ReadOptions& read, const EvalSettings& settings,
                             const std::optional<std::string>& buckets) {
    PyEvaluation out;
    auto data = std::make_shared<Dataset>(loadDataset(sources, read));
    const std::vector<RunOverlap> overlaps = runOverlaps(*data);
    if (!buckets) refuseDisjointRuns(overlaps);
    std::vector<std::string> warnings = overlapWarnings(overlaps);
    if (hasRepeatedRuns(runGroups(*data)) && buckets)
        throw Error("repeated runs of a model (one name given to several runs) cannot be sharded yet: leave out "
                    "buckets, or give each run its own name");
    if (buckets) out.range = shard::parseBucketRange(*buckets);
    out.cache = std::make_shared<RankCache>();
    out.study = study::evaluateStudy(*data, settings, *out.cache, buckets ? std::optional(out.range) : std::nullopt);
    out.data = std::move(data);
    out.warnings = std::move(warnings);
    return out;
}

} // namespace

PyEvaluation evaluateFiles(const EvaluateArgs& a) {
    const EvalSettings settings = settingsOf(a);
    DatasetSources sources;
    sources.judgments = a.qrels;
    sources.judgmentsFormat = FormatSpec::parse(a.qrelsFormat);
    for (const auto& [name, path, format] : a.runs)
        sources.runs.push_back({name, path, FormatSpec::parse(format.empty() ? a.runFormat : format)});
    sources.exclusions = a.exclude;
    sources.exclusionsFormat = FormatSpec::parse(a.excludeFormat);
    const std::optional<HeaderMode> header = parseHeaderMode(a.header);
    if (!header) throw Error("header \"" + a.header + "\": expected yes, no or auto");
    applyHeaderMode(sources, *header);
    ReadOptions read;
    read.parallelism = Parallelism(a.threads);
    return evaluateSources(sources, read, settings, a.buckets);
}

// A workspace saved by the workbench, evaluated as `ranklab-cli eval
// --workspace PATH` evaluates it: its files, their reading and its
// evaluation settings through the functions the workbench uses
// (workspace/workspace_file.h); compare() then starts from its set-up.
PyEvaluation evaluateWorkspace(const std::string& path, int threads) {
    WorkspaceReadNotes notes;
    const Workspace ws = readWorkspaceFile(path, &notes);
    if (!notes.missing.empty()) {
        std::string list;
        for (const std::string& missing : notes.missing) list += (list.empty() ? "" : ", ") + missing;
        throw Error(path + ": files not found: " + list);
    }
    if (ws.models.empty()) throw Error(path + ": the workspace has no models");
    EvalSettings settings = toEvalSettings(ws.evaluation);
    settings.parallelism = Parallelism(threads);
    ReadOptions read = toReadOptions(ws);
    read.parallelism = Parallelism(threads);
    PyEvaluation out = evaluateSources(toSources(ws), read, settings, std::nullopt);
    out.setup = ws.comparison;
    out.sampled.negatives = ws.evaluation.sampledNegatives;
    out.sampled.catalogSize = ws.evaluation.catalogSize;
    out.threads = threads;
    for (std::string& warning : notes.warnings) out.warnings.push_back(std::move(warning));
    return out;
}

stats::ComparisonOptions comparisonOptions(const Evaluation& eval, const CompareArgs& a) {
    stats::ComparisonOptions o;
    o.tests = stats::parseSignificanceTests(a.tests);
    const auto correction = stats::parseCorrection(a.correction);
    if (!correction)
        throw Error("correction \"" + a.correction + "\": expected " +
                    expectedNames<stats::Correction>(stats::kCorrectionNames));
    o.correction = *correction;
    o.alpha = a.alpha;
    o.level = a.level;
    o.bootstrapIntervals = a.bootstrap;
    o.resampling.resamples = a.resamples;
    o.resampling.seed = a.seed;
    o.resampling.parallelism = Parallelism(a.threads);
    o.minEffect = stats::minEffectsFor(a.minEffect, eval.settings.metrics, "min_effect");
    if (!a.baseline) {
        o.baseline = 0;
    } else if (*a.baseline != "all") {
        std::size_t m = 0;
        while (m < eval.models.size() && eval.models[m].name != *a.baseline) ++m;
        if (m == eval.models.size()) throw Error("baseline \"" + *a.baseline + "\" is not a model");
        o.baseline = m;
    }
    return o;
}

std::optional<SampledEvaluation> sampledOf(const PyEvaluation& e, const stats::ComparisonOptions& options) {
    if (!study::isSampled(e.sampled)) return std::nullopt;
    return study::estimateSampledStudy(*e.data, *e.study.runs, e.sampled, options);
}

} // namespace ranklab::python
