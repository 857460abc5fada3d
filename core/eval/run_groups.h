#pragma once
// Models with repeated runs (seeds or folds): the runs of a Dataset grouped
// into models (ModelRun::model), and the models' evaluation made from the
// runs' one, each model's per-user value being the mean over its runs.
//
// The paired procedures (t, Wilcoxon, randomization, bootstrap, the
// many-model tests) then compare models on those averaged per-user values;
// the spread between runs and the two-level bootstrap are in
// stats/run_spread.h.
#include <cstddef>
#include <string>
#include <vector>

#include "io/dataset.h"
#include "eval/evaluation.h"

namespace ranklab {

struct RunGroup {
    std::string model;              // the model's name
    std::vector<std::size_t> runs;  // its runs: indices into Dataset::models (and the runs' Evaluation::models)
};

// One group per model, in the order each model's first run comes; a run
// without ModelRun::model is a model of its own (named as the run).
std::vector<RunGroup> runGroups(const Dataset& data);
// The same grouping from the runs' names as given (the workbench's model
// rows): runs given one name are that model's runs, in order.
std::vector<RunGroup> groupByName(const std::vector<std::string>& names);
// The runs' own names for those: a name given to k > 1 runs becomes
// "NAME (run 1)" … "NAME (run k)" (as the loader names them); others stay.
std::vector<std::string> runLabels(const std::vector<std::string>& names);
// Whether some model has more than one run.
bool hasRepeatedRuns(const std::vector<RunGroup>& groups);

// The models' evaluation from the runs' one (same users, settings and
// counts): model m's per-user value is the sum of its runs' values, added in
// run order, divided by the number of runs; its means are taken from those
// values as evaluate() takes them (exact sums), and a set-level column is
// the mean of its runs' statistics. Throws ranklab::Error when a run index
// is out of range or a group is empty.
Evaluation averageRuns(const Evaluation& runs, const std::vector<RunGroup>& groups);

} // namespace ranklab
