#pragma once
// What Python's ranklab._core.Evaluation holds and how it is made: files or
// a workspace read and evaluated through the study's functions
// (core/study), the comparison options of compare(), and the sampled
// estimates. The bindings are in evaluation_binding.cpp.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "compare/comparison.h"
#include "eval/evaluation.h"
#include "eval/sampled_estimates.h"
#include "rank/rank_cache.h"
#include "shard/user_bucket.h"
#include "study/evaluated_study.h"
#include "workspace/workspace_file.h"

namespace ranklab::python {

struct PyEvaluation {
    std::shared_ptr<const Dataset> data;
    std::shared_ptr<RankCache> cache;  // the rankings, kept for compare()'s set-level bootstrap
    // The runs' and the models' evaluation (study/evaluated_study.h): with
    // repeated runs of a model (one name given to several runs) the models
    // hold each run's per-user values averaged.
    // study.models are the rows and columns Python shows; their counts are
    // the range's (the whole data's without buckets).
    study::EvaluatedStudy study;
    shard::BucketRange range;
    // Runs' users outside the ground truth (eval/id_overlap.h): Python warns.
    std::vector<std::string> warnings;
    // Evaluated from a workspace: its comparison set-up (none: the defaults)
    // and its sampled-negative protocol (the texts then carry the estimates).
    std::optional<WorkspaceComparison> setup;
    SampledSettings sampled;
    int threads = 0;
};

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

// Reads the files and evaluates every run, as `ranklab-cli eval` does.
PyEvaluation evaluateFiles(const EvaluateArgs& a);
// A workspace saved by the workbench, evaluated as `ranklab-cli eval
// --workspace PATH` evaluates it; compare() then starts from its set-up.
PyEvaluation evaluateWorkspace(const std::string& path, int threads);
// The options of compare() for `eval`'s models; throws Error naming a bad one.
stats::ComparisonOptions comparisonOptions(const Evaluation& eval, const CompareArgs& a);
// The sampled protocol's estimates at `options`' level and resamples, as
// ranklab-cli computes them for the same text; none without a protocol.
std::optional<SampledEvaluation> sampledOf(const PyEvaluation& e, const stats::ComparisonOptions& options);

} // namespace ranklab::python
