#pragma once
// The repeated runs of models (seeds or folds) in `eval` and `compare`
// output: each model's run count, the mean and SD of its runs' means, and
// every run's mean, appended to a report in its format:
//   json:  a top-level "runs" key {"bootstrap": "two-level" | "users" | null,
//          "models": [{"model", "runs": [names], "metrics": {id: {"mean",
//          "sd", "per_run": [...]}}}]}
//   table/md: a "Repeated runs" table (model rows "mean ± SD", a row per run)
//   csv:   a block "model,runs,run,metric,mean,sd" (run empty on the model's row)
//   latex: a comment pointing at the other formats.
#include <cstddef>
#include <string>
#include <vector>

#include "report/eval_report.h"
#include "compare/run_spread.h"

namespace ranklab {

struct RunsSection {
    const std::vector<stats::RunSpread>* spreads = nullptr;
    std::vector<std::size_t> columns;  // the evaluation columns shown
    std::vector<std::string> ids;      // their metric ids
    // "two-level" when compare's bootstrap intervals resampled users, then
    // runs; "" for eval (no intervals).
    std::string bootstrap;
};

std::string withRunsSection(std::string report, TableFormat format, const RunsSection& section, int digits);

} // namespace ranklab
