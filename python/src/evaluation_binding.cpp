// ranklab._core.evaluate_files and the Evaluation it returns: means, the
// per-user table as numpy arrays over the engine's own buffers, the report
// text of `ranklab-cli eval`, and the partial state of a bucket range.
#include "evaluation_binding.h"
#include "py_evaluation.h"

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
#include "compare/min_effects.h"
#include "study/sampled_study.h"
#include "study/study_text.h"
#include "workspace/comparison_setup.h"
#include "workspace/workspace_file.h"

namespace py = pybind11;

namespace ranklab::python {
namespace {

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
                                   for (const auto& model : e.study.models->models) names.push_back(model.name);
                                   return names;
                               })
        .def_property_readonly("metrics",
                               [](const PyEvaluation& e) {
                                   std::vector<std::string> ids;
                                   for (const auto& spec : e.study.models->settings.metrics) ids.push_back(spec.id());
                                   return ids;
                               })
        .def_property_readonly("users",
                               [](const PyEvaluation& e) {
                                   std::vector<std::string> ids;
                                   ids.reserve(e.study.models->users.size());
                                   for (UserId u : e.study.models->users) ids.emplace_back(e.data->ids.users.name(u));
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
                return py::dict(py::arg("baseline") = baseline, py::arg("tests") = setupTests(c),
                                py::arg("correction") = c.correction, py::arg("alpha") = c.alpha,
                                py::arg("interval") = c.interval, py::arg("min_effect") = c.minEffect);
            },
            "The comparison set-up of the workspace this was evaluated from (None otherwise): compare()'s "
            "defaults")
        .def_property_readonly("counts",
                               [](const PyEvaluation& e) {
                                   return py::dict(py::arg("evaluated") = e.study.models->counts.evaluated,
                                                   py::arg("run_only") = e.study.models->counts.runOnly,
                                                   py::arg("qrels_only") = e.study.models->counts.qrelsOnly);
                               })
        .def_property_readonly(
            "runs",
            [](const PyEvaluation& e) {
                py::dict out;
                for (const stats::RunSpread& spread : e.study.spreads) {
                    py::dict model;
                    model["runs"] = spread.runs;
                    py::dict perRun, mean, sd;
                    for (std::size_t c = 0; c < e.study.models->metricCount(); ++c) {
                        const py::str id(e.study.models->settings.metrics[c].id());
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
                                   for (const auto& model : e.study.models->models) {
                                       py::dict values;
                                       for (std::size_t c = 0; c < e.study.models->metricCount(); ++c)
                                           values[py::str(e.study.models->settings.metrics[c].id())] = model.means[c];
                                       out[py::str(model.name)] = values;
                                   }
                                   return out;
                               },
                               "{model: {metric: mean (or the set-level statistic)}}")
        .def(
            "per_user",
            [](const PyEvaluation& e, const py::object& model) {
                const std::size_t m = modelIndex(*e.study.models, model);
                const std::size_t columns = e.study.models->metricCount();
                return ownedMatrix(e.study.models, e.study.models->models[m].perUser.data(), e.study.models->users.size(), columns, columns);
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
                const SetLevelState setLevel = setLevelState(*e.data, e.study.models->settings, *e.cache);
                shard::EvalPartial partial = shard::evalPartial(*e.study.models, e.range, e.study.models->counts, &setLevel);
                shard::setDataInputs(partial.inputs, *e.data, e.range);  // what the shards must agree on
                return shard::writeEvalPartial(partial);
            },
            "The partial state (JSON text) of this evaluation's bucket range, for merge_partials()")
        .def(
            "compare",
            [](const PyEvaluation& e, const CompareArgs& args, const std::string& format, int digits,
               const std::string& interval) {
                const stats::ComparisonOptions options = comparisonOptions(*e.study.models, args);
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
                const stats::ComparisonOptions options = comparisonOptions(*e.study.models, args);
                const std::optional<std::vector<std::uint64_t>> sizes = bucketSizesOf(bucketSizes);
                py::gil_scoped_release release;  // the resampling runs in C++ threads
                shard::ComparePartial partial =
                    shard::comparePartial(*e.study.models, e.range, e.study.models->counts, options, sizes ? &*sizes : nullptr);
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
