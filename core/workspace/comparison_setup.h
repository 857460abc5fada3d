#pragma once
// The Summary's comparison set-up (baseline, test, correction, alpha,
// interval) as a workspace saves it, and back to the options of a
// comparison. The baseline is saved by model name, so it follows its model
// when models are added, removed or reordered.
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "workspace/workspace_file.h"

namespace ranklab {

// What `options` choose, with `interval` ("t", "bootstrap", "none"), for
// models named `models` (by index).
WorkspaceComparison comparisonSetup(const stats::ComparisonOptions& options, const std::vector<std::string>& models,
                                    const std::string& interval);

// `options` with `setup`'s choices: the chosen test first (the others kept
// after it), the correction, alpha, the minimum effect (none when the set-up
// has none) and the baseline's index among `models` (the first model when
// the named one is not there). Bootstrap intervals are
// switched on when the set-up shows them.
stats::ComparisonOptions applyComparisonSetup(stats::ComparisonOptions options, const WorkspaceComparison& setup,
                                              const std::vector<std::string>& models);

// The tests the workbench runs for `setup` from the default options, as
// `--test` and Python's tests= take them ("wilcoxon,t").
std::string setupTests(const WorkspaceComparison& setup);

} // namespace ranklab
