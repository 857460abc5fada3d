#pragma once
// What repeated runs of a model (seeds or folds) add to a comparison:
//  * the spread between runs: each run's mean, and per metric the mean and
//    SD (n − 1) of the run means;
//  * a two-level bootstrap: resample r draws n users with replacement (the
//    one-level bootstrap's draws, keyed by user: stats/keyed_bootstrap.h), then,
//    for each model in order, as many of its runs with replacement (one
//    stream per resample: seed, purpose Runs, index r; IndexDraws over the
//    model's run count). The resampled statistic of a model is the mean over
//    its drawn runs of their resampled means over users; a pair's is the
//    difference of its two models' statistics in the same resample. The
//    interval is their percentile interval (numpy's 'linear'). A model with
//    one run draws that run: its interval is the one-level bootstrap's.
// Users are shared by every model and metric of a resample, and a model's
// drawn runs are shared by every metric, so the intervals are coherent
// across columns. Results are bit-identical for any thread count.
#include <cstddef>
#include <string>
#include <vector>

#include "eval/evaluation.h"
#include "eval/run_groups.h"
#include "stats/bootstrap.h"
#include "compare/comparison.h"
#include "stats/resampling.h"

namespace ranklab::stats {

struct RunSpread {
    std::string model;
    std::vector<std::string> runs;           // the runs' names, in run order
    std::vector<std::vector<double>> means;  // [run][metric column]: each run's mean (or set-level statistic)
    std::vector<double> mean;                // [metric column]: the mean of the run means
    std::vector<double> sd;                  // [metric column]: their SD (n − 1); NaN for a single run
};

// One per group, from the runs' evaluation.
std::vector<RunSpread> runSpreads(const Evaluation& runs, const std::vector<RunGroup>& groups);

struct TwoLevelPair {
    std::size_t a = 0, b = 0;  // model (group) indices; the interval is of a − b
    std::size_t metric = 0;    // evaluation column
    BootstrapInterval interval;
};

struct TwoLevelBootstrap {
    std::vector<std::size_t> metrics;                   // the evaluation columns resampled (per-user columns)
    std::vector<std::vector<BootstrapInterval>> means;  // [model][i]: the model's mean, i indexing `metrics`
    std::vector<TwoLevelPair> pairs;                    // as asked, for the columns in `metrics`
};

// The two-level intervals of every model's mean and of each asked pair
// (a, b) on each of `metrics` (set-level columns are skipped). Throws
// ranklab::Error for an index out of range or a bad level; Cancelled when
// options.progress is cancelled.
TwoLevelBootstrap twoLevelBootstrap(const Evaluation& runs, const std::vector<RunGroup>& groups,
                                    const std::vector<std::size_t>& metrics,
                                    const std::vector<std::pair<std::size_t, std::size_t>>& pairs, double level = 0.95,
                                    const ResamplingOptions& options = {});

// The two-level intervals of `comparison` (made on averageRuns(runs,
// groups)): its models' and pairs' bootstrap intervals, at its level and
// with its resampling, replace the one-level ones (the bootstrap test's p,
// made on the averaged values, stays). Nothing when it has no bootstrap
// intervals.
void useTwoLevelIntervals(Comparison& comparison, const Evaluation& runs, const std::vector<RunGroup>& groups);

// The models compared as `compare` and the workbench compare them:
// compareEvaluation on `models` (= averageRuns(runs, groups)) without its
// one-level bootstrap intervals (not drawn: they would be replaced), then
// useTwoLevelIntervals. The bootstrap test, if asked for, is made as usual.
Comparison compareRepeatedRuns(const Evaluation& models, const Evaluation& runs, const std::vector<RunGroup>& groups,
                               const ComparisonOptions& options);

// The run indices model `m` draws in resample r (for each model in order,
// runs[m] draws from [0, runs[m]) with one stream per resample): exposed so
// tests can follow the documented draws.
std::vector<std::vector<std::size_t>> drawRuns(const std::vector<std::size_t>& runCounts, std::uint64_t seed,
                                               std::size_t resample);

} // namespace ranklab::stats
