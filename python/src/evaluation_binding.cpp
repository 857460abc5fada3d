// ranklab._core.evaluate_files and the Evaluation it returns: means, the
// per-user table as numpy arrays over the engine's own buffers, the report
// text of `ranklab-cli eval`, and the partial state of a bucket range.
#include "evaluation_binding.h"

#include <optional>
#include <tuple>

#include <pybind11/stl.h>

#include "common/error.h"
#include "eval/evaluation.h"
#include "io/dataset_loader.h"
#include "io/header_mode.h"
#include "owned_array.h"
#include "rank/rank_cache.h"
#include "report/eval_report.h"
#include "report/compare_report.h"
#include "report/runs_report.h"
#include "compare/run_spread.h"
#include "eval/id_overlap.h"
#include "eval/run_groups.h"
#include "shard/compare_partial.h"
#include "shard/eval_partial.h"
#include "shard/partial_file.h"
#include "shard/state_inputs.h"
#include "shard/user_bucket.h"
#include "study/compared_study.h"
#include "study/evaluated_study.h"
#include "study/min_effects.h"
#include "study/sampled_study.h"
#include "study/study_text.h"
#include "workspace/comparison_setup.h"
#include "workspace/workspace_file.h"

namespace py = pybind11;

namespace ranklab::python {
namespace {

struct PyEvaluation {
    std::shared_ptr<const Dataset> data;
    std::shared_ptr<RankCache> cache;  // the rankings, kept for compare()'s set-level bootstrap
    // The runs' and the models' evaluation (study/evaluated_study.h): with
    // repeated runs of a model (one name given to several runs) the models
    // hold each run's per-user values averaged.
    study::EvaluatedStudy study;
    std::shared_ptr<const Evaluation> eval;  // study.models: the rows and columns Python shows
    shard::BucketRange range;
    UserCounts counts;  // of the range (the whole data without buckets)
    // Runs' users outside the ground truth (eval/id_overlap.h): Python warns.
    std::vector<std::string> warnings;
    // Evaluated from a workspace: its comparison set-up (none: the defaults)
    // and its sampled-negative protocol (the texts then carry the estimates).
    std::optional<WorkspaceComparison> setup;
    SampledSettings sampled;
    int threads = 0;
};

// The sampled protocol's estimates at `options`' level and resamples, as
// ranklab-cli computes them for the same text; none without a protocol.
std::optional<SampledEvaluation> sampledOf(const PyEvaluation& e, const stats::ComparisonOptions& options) {
    if (!study::isSampled(e.sampled)) return std::nullopt;
    return study::estimateSampledStudy(*e.data, *e.study.runs, e.sampled, options);
}

struct EvaluateArgs {
    std::string qrels;
    // (name, path, format); an empty name: the file's, an empty format: run_format
    std::vector<std::tuple<std::string, std::string, std::string>> runs;
    std::vector<std::string> metrics;
    std::vector<std::uint32_t> cutoffs;
    std::string ties, users;
    double rel = 1.0;
    std::string exclude;
    std::optional<std::string> buckets;
    int threads = 0;
    std::string qrelsFormat, runFormat, excludeFormat;
    std::string header = "auto";  // yes | no | auto: ranklab-cli's --header
};

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
    out.eval = out.study.models;
    out.counts = out.eval->counts;
    out.data = std::move(data);
    out.warnings = std::move(warnings);
    return out;
}

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

std::size_t modelIndex(const Evaluation& eval, const py::object& model) {
    if (py::isinstance<py::int_>(model)) {
        const auto i = model.cast<long>();
        if (i < 0 || std::size_t(i) >= eval.models.size())
            throw py::index_error("model " + std::to_string(i) + " of " + std::to_string(eval.models.size()));
        return std::size_t(i);
    }
    const auto name = model.cast<std::string>();
    for (std::size_t m = 0; m < eval.models.size(); ++m)
        if (eval.models[m].name == name) return m;
    throw py::key_error("no model \"" + name + "\"");
}

struct CompareArgs {
    std::optional<std::string> baseline;  // a model name; none: the first; "all": all pairs
    std::string tests = "t";
    std::string correction = "holm";
    double alpha = 0.05, level = 0.95;
    bool bootstrap = true;
    std::size_t resamples = 10000;
    std::uint64_t seed = 42;
    int threads = 0;
    std::string minEffect;  // the smallest differences that matter: "0.01", "5%", "ndcg@10=0.01,2%"
};

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
    o.minEffect = study::minEffectsFor(a.minEffect, eval.settings.metrics, "min_effect");
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

// Every bucket's evaluated users, for the bootstrap of a shard's second pass:
// the text of a bucket sizes file, or the 4096 counts; None: none (pending).
std::optional<std::vector<std::uint64_t>> bucketSizesOf(const py::object& given) {
    if (given.is_none()) return std::nullopt;
    if (py::isinstance<py::str>(given) || py::isinstance<py::bytes>(given))
        return shard::readBucketSizes(given.cast<std::string>(), "bucket sizes");
    std::vector<std::uint64_t> sizes;
    try {
        sizes = given.cast<std::vector<std::uint64_t>>();
    } catch (const py::cast_error&) {
        throw py::type_error("bucket sizes: expected the text of a bucket sizes file (merged_bucket_sizes()) or "
                             "4096 non-negative integers");
    }
    if (sizes.size() != shard::kBuckets)
        throw Error("bucket sizes: " + std::to_string(sizes.size()) + " counts, expected " +
                    std::to_string(shard::kBuckets));
    return sizes;
}

} // namespace

void bindEvaluation(py::module_& m) {
    py::class_<CompareArgs>(m, "CompareArgs")
        .def(py::init<>())
        .def_readwrite("baseline", &CompareArgs::baseline)
        .def_readwrite("tests", &CompareArgs::tests)
        .def_readwrite("correction", &CompareArgs::correction)
        .def_readwrite("alpha", &CompareArgs::alpha)
        .def_readwrite("level", &CompareArgs::level)
        .def_readwrite("bootstrap", &CompareArgs::bootstrap)
        .def_readwrite("resamples", &CompareArgs::resamples)
        .def_readwrite("seed", &CompareArgs::seed)
        .def_readwrite("threads", &CompareArgs::threads)
        .def_readwrite("min_effect", &CompareArgs::minEffect);

    py::class_<PyEvaluation>(m, "Evaluation", "Every metric of every model, with every averaged user's values")
        .def_property_readonly("models",
                               [](const PyEvaluation& e) {
                                   std::vector<std::string> names;
                                   for (const auto& model : e.eval->models) names.push_back(model.name);
                                   return names;
                               })
        .def_property_readonly("metrics",
                               [](const PyEvaluation& e) {
                                   std::vector<std::string> ids;
                                   for (const auto& spec : e.eval->settings.metrics) ids.push_back(spec.id());
                                   return ids;
                               })
        .def_property_readonly("users",
                               [](const PyEvaluation& e) {
                                   std::vector<std::string> ids;
                                   ids.reserve(e.eval->users.size());
                                   for (UserId u : e.eval->users) ids.emplace_back(e.data->ids.users.name(u));
                                   return ids;
                               },
                               "The averaged users' ids, the rows of per_user()")
        .def_readonly("warnings", &PyEvaluation::warnings)
        .def_property_readonly(
            "workspace_setup",
            [](const PyEvaluation& e) -> py::object {
                if (!e.setup) return py::none();
                const WorkspaceComparison& c = *e.setup;
                py::object baseline = py::none();
                if (c.baseline == WorkspaceComparison::Baseline::AllPairs) baseline = py::str("all");
                if (c.baseline == WorkspaceComparison::Baseline::Named) baseline = py::str(c.baselineName);
                // The tests as the workbench runs them: the set-up's first, the default ones after it.
                std::string tests;
                for (stats::SignificanceTest test : applyComparisonSetup({}, c, {}).tests)
                    tests.append(tests.empty() ? "" : ",").append(stats::toString(test));
                return py::dict(py::arg("baseline") = baseline, py::arg("tests") = tests,
                                py::arg("correction") = c.correction, py::arg("alpha") = c.alpha,
                                py::arg("interval") = c.interval, py::arg("min_effect") = c.minEffect);
            },
            "The comparison set-up of the workspace this was evaluated from (None otherwise): compare()'s "
            "defaults")
        .def_property_readonly("counts",
                               [](const PyEvaluation& e) {
                                   return py::dict(py::arg("evaluated") = e.counts.evaluated,
                                                   py::arg("run_only") = e.counts.runOnly,
                                                   py::arg("qrels_only") = e.counts.qrelsOnly);
                               })
        .def_property_readonly(
            "runs",
            [](const PyEvaluation& e) {
                py::dict out;
                for (const stats::RunSpread& spread : e.study.spreads) {
                    py::dict model;
                    model["runs"] = spread.runs;
                    py::dict perRun, mean, sd;
                    for (std::size_t c = 0; c < e.eval->metricCount(); ++c) {
                        const py::str id(e.eval->settings.metrics[c].id());
                        std::vector<double> values;
                        for (const auto& run : spread.means) values.push_back(run[c]);
                        perRun[id] = values;
                        mean[id] = spread.mean[c];
                        sd[id] = spread.sd[c];
                    }
                    model["means"] = perRun;
                    model["mean"] = mean;
                    model["sd"] = sd;
                    out[py::str(spread.model)] = model;
                }
                return out;
            },
            "Repeated runs: {model: {'runs': [names], 'means': {metric: [each run's mean]}, 'mean': {metric: "
            "mean of the run means}, 'sd': {metric: their SD}}}; {} when every model has one run")
        .def_property_readonly("means",
                               [](const PyEvaluation& e) {
                                   py::dict out;
                                   for (const auto& model : e.eval->models) {
                                       py::dict values;
                                       for (std::size_t c = 0; c < e.eval->metricCount(); ++c)
                                           values[py::str(e.eval->settings.metrics[c].id())] = model.means[c];
                                       out[py::str(model.name)] = values;
                                   }
                                   return out;
                               },
                               "{model: {metric: mean (or the set-level statistic)}}")
        .def(
            "per_user",
            [](const PyEvaluation& e, const py::object& model) {
                const std::size_t m = modelIndex(*e.eval, model);
                const std::size_t columns = e.eval->metricCount();
                return ownedMatrix(e.eval, e.eval->models[m].perUser.data(), e.eval->users.size(), columns, columns);
            },
            py::arg("model"),
            "A read-only (users x metrics) float64 array over the engine's buffer (no copy); "
            "rows follow .users, columns .metrics; set-level columns are NaN")
        .def(
            "format",
            [](const PyEvaluation& e, const std::string& format, int digits) {
                const auto f = parseTableFormat(format);
                if (!f) throw Error("format \"" + format + "\": expected table, csv, json, md or latex");
                stats::ComparisonOptions defaults;  // eval's intervals: the comparison's defaults
                defaults.resampling.parallelism = Parallelism(e.threads);
                std::optional<SampledEvaluation> sampled;
                {
                    py::gil_scoped_release release;
                    sampled = sampledOf(e, defaults);
                }
                return study::formatEvaluatedStudy(e.study, *f, digits, sampled ? &*sampled : nullptr);
            },
            py::arg("format") = "json", py::arg("digits") = 4,
            "The text `ranklab-cli eval --format FORMAT` prints, byte for byte")
        .def(
            "partial", [](const PyEvaluation& e) {
                // The set-level columns' per-item counts.
                const SetLevelState setLevel = setLevelState(*e.data, e.eval->settings, *e.cache);
                shard::EvalPartial partial = shard::evalPartial(*e.eval, e.range, e.counts, &setLevel);
                shard::setDataInputs(partial.inputs, *e.data, e.range);  // what the shards must agree on
                return shard::writeEvalPartial(partial);
            },
            "The partial state (JSON text) of this evaluation's bucket range, for merge_partials()")
        .def(
            "compare",
            [](const PyEvaluation& e, const CompareArgs& args, const std::string& format, int digits,
               const std::string& interval) {
                const stats::ComparisonOptions options = comparisonOptions(*e.eval, args);
                const auto f = parseTableFormat(format);
                const auto shown = parseShownInterval(interval);
                if (!f || !shown) throw Error("format or interval not known: " + format + ", " + interval);
                study::ComparedStudy compared;
                std::optional<SampledEvaluation> sampled;
                {
                    py::gil_scoped_release release;
                    compared = study::compareStudy(*e.data, e.study, *e.cache, options);
                    sampled = sampledOf(e, options);
                }
                ComparisonReportOptions report;
                report.digits = digits;
                report.interval = *shown;
                return study::formatComparedStudy(e.study, compared, *f, report, sampled ? &*sampled : nullptr);
            },
            py::arg("args"), py::arg("format") = "json", py::arg("digits") = 4, py::arg("interval") = "t",
            "The report `ranklab-cli compare` prints, byte for byte (set-level metrics by the users' bootstrap)")
        .def(
            "compare_partial",
            [](const PyEvaluation& e, const CompareArgs& args, const py::object& bucketSizes) {
                if (!args.minEffect.empty())
                    throw Error("min_effect is not kept in a partial state: leave it out of compare_partial()");
                if (e.study.repeated())
                    throw Error("repeated runs of a model (one name given to several runs) have no compare partial "
                                "state yet: give each run its own name");
                const stats::ComparisonOptions options = comparisonOptions(*e.eval, args);
                const std::optional<std::vector<std::uint64_t>> sizes = bucketSizesOf(bucketSizes);
                py::gil_scoped_release release;  // the resampling runs in C++ threads
                shard::ComparePartial partial =
                    shard::comparePartial(*e.eval, e.range, e.counts, options, sizes ? &*sizes : nullptr);
                shard::setDataInputs(partial.eval.inputs, *e.data, e.range);  // what the shards must agree on
                return shard::writeComparePartial(partial);
            },
            py::arg("args"), py::arg("bucket_sizes") = py::none(),
            "The partial state (JSON text) of compare over this evaluation's bucket range: means, the t, Wilcoxon "
            "and randomization tests, and the bootstrap (intervals, test). The bootstrap needs every bucket's "
            "users: without bucket_sizes it is left pending (the state carries its buckets' users, which "
            "merged_bucket_sizes() merges into the sizes); with bucket_sizes (that text, or 4096 counts) it is "
            "computed, and merge_partials() of such states prints `ranklab-cli compare`'s report");

    py::class_<EvaluateArgs>(m, "EvaluateArgs")
        .def(py::init<>())
        .def_readwrite("qrels", &EvaluateArgs::qrels)
        .def_readwrite("runs", &EvaluateArgs::runs)
        .def_readwrite("metrics", &EvaluateArgs::metrics)
        .def_readwrite("cutoffs", &EvaluateArgs::cutoffs)
        .def_readwrite("ties", &EvaluateArgs::ties)
        .def_readwrite("users", &EvaluateArgs::users)
        .def_readwrite("rel", &EvaluateArgs::rel)
        .def_readwrite("exclude", &EvaluateArgs::exclude)
        .def_readwrite("buckets", &EvaluateArgs::buckets)
        .def_readwrite("threads", &EvaluateArgs::threads)
        .def_readwrite("qrels_format", &EvaluateArgs::qrelsFormat)
        .def_readwrite("run_format", &EvaluateArgs::runFormat)
        .def_readwrite("exclude_format", &EvaluateArgs::excludeFormat)
        .def_readwrite("header", &EvaluateArgs::header);

    m.def(
        "evaluate_workspace",
        [](const std::string& path, int threads) {
            py::gil_scoped_release release;
            return evaluateWorkspace(path, threads);
        },
        py::arg("path"), py::arg("threads") = 0,
        "Reads a workspace saved by the workbench and evaluates it as `ranklab-cli eval --workspace` does");
    m.def(
        "evaluate_files",
        [](const EvaluateArgs& args) {
            py::gil_scoped_release release;  // reading and evaluating run in C++ threads
            return evaluateFiles(args);
        },
        py::arg("args"), "Reads the files and evaluates every run (the Python package's evaluate() calls this)");
}

} // namespace ranklab::python
