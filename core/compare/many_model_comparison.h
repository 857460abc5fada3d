#pragma once
// The many-model procedures of a comparison (options.many) run on its
// per-user columns: fills each pair's manyTests and the comparison's `many`
// omnibus list. Used by compareEvaluation.
#include <vector>

#include "compare/comparison.h"

namespace ranklab {
class Progress;
}

namespace ranklab::stats {

// values[model][i]: model's per-user values on comparison.metrics[i].
// Throws Cancelled when the progress is cancelled.
void addManyModelTests(const std::vector<std::vector<std::vector<double>>>& values, Comparison& comparison,
                       const Progress* progress);

} // namespace ranklab::stats
