#pragma once
// Whether each run's user ids are the ground truth's: a run that shares no
// user with the ground truth scores 0 everywhere (or is left out), which is
// almost always ids spelled differently in the two files ("7" and "007",
// or another id column). The evaluating faces (CLI, Python) refuse such a
// run and warn about a partial overlap, so no number silently means
// something else; `validate`, `inspect` and the workbench's Checks tab show
// the same counts (validation_run_checks.cpp).
#include <cstddef>
#include <string>
#include <vector>

#include "io/dataset.h"

namespace ranklab {

struct RunOverlap {
    std::string model;
    std::size_t runUsers = 0;    // users the run scores
    std::size_t shared = 0;      // of them, in the ground truth
    std::size_t truthUsers = 0;  // users of the ground truth
    // Run-only ids that equal a ground-truth id once leading zeros are
    // dropped from both ("007" and "7").
    std::size_t zeroPadded = 0;
    std::vector<std::string> runOnlyExamples;  // up to 3 run-only ids
    std::vector<std::string> truthExamples;    // up to 3 ground-truth ids the run lacks
};

// One entry per model whose run holds users (a streamed run, not yet read,
// has none and is left out).
std::vector<RunOverlap> runOverlaps(const Dataset& data);

// Throws Error naming the first run that shares no user with the ground
// truth, with examples of both files' ids and what to check.
void refuseDisjointRuns(const std::vector<RunOverlap>& overlaps);
// One line per run with users outside the ground truth (they are never
// averaged): "run X: 12 of 500 users are not in the ground truth (e.g. ...)".
std::vector<std::string> overlapWarnings(const std::vector<RunOverlap>& overlaps);

} // namespace ranklab
