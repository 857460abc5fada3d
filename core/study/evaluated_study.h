#pragma once
// The evaluation a study holds, and the one function every face evaluates
// through (the workbench, `ranklab-cli eval|compare`, Python's evaluate()).
//
// Runs given one model's name are that model's repeated runs: the models'
// evaluation holds each user's values averaged over the model's runs, and
// the runs' spread is kept beside it. Without repeated runs the models are
// the runs (one shared evaluation).
#include <memory>
#include <optional>
#include <vector>

#include "common/progress.h"
#include "compare/run_spread.h"
#include "eval/evaluation.h"
#include "eval/run_groups.h"
#include "shard/user_bucket.h"

namespace ranklab::study {

struct EvaluatedStudy {
    std::shared_ptr<const Evaluation> runs;    // every run, in the data's order
    std::vector<RunGroup> groups;              // the models' runs
    std::shared_ptr<const Evaluation> models;  // the models (== runs without repeated runs)
    std::vector<stats::RunSpread> spreads;     // repeated runs only: each model's runs' means and SD
    bool repeated() const { return models != runs; }
};

// The models of `runs` grouped by `groups` (runGroups() of the data, or the
// workbench's groupByName() of its model names).
EvaluatedStudy byModel(std::shared_ptr<const Evaluation> runs, std::vector<RunGroup> groups);

// evaluate() of `data` (of the users of `range` only, with the range's user
// counts, for a shard), then byModel() with the data's run groups.
EvaluatedStudy evaluateStudy(const Dataset& data, const EvalSettings& settings, RankCache& cache,
                             const std::optional<shard::BucketRange>& range = std::nullopt,
                             const Progress* progress = nullptr);

} // namespace ranklab::study
