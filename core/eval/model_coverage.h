#pragma once
// How much of the evaluated users each model scored. A model that scored
// 20% of them counts 0 for the other 80% under the "relevant" and "all"
// users policies, so a comparison ranks it last for its coverage, not its
// quality: the workbench shows a badge on its row and offers the users
// every model scored (users policy "trec").
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/evaluation.h"
#include "io/dataset.h"

namespace ranklab {

struct ModelCoverage {
    std::size_t evaluated = 0;       // users averaged
    std::size_t scored = 0;          // of them, users the model's run has a list for
    std::uint64_t skippedLines = 0;  // bad lines skipped reading the run
    bool complete() const { return scored == evaluated && skippedLines == 0; }
    double share() const { return evaluated == 0 ? 1.0 : double(scored) / double(evaluated); }
};

// One per model of `eval` (the models of `data`, in order); empty when they
// are not the same models (repeated runs averaged into models).
std::vector<ModelCoverage> modelCoverage(const Dataset& data, const Evaluation& eval);

// "scored 612 of 3,000 users (20.4%)", with ", 3 bad lines skipped"; empty
// when complete.
std::string coverageText(const ModelCoverage& coverage);

} // namespace ranklab
