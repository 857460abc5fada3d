#pragma once
// The comparison a study holds, and the one function every face compares
// through (the workbench's Summary, `ranklab-cli compare`, Python's
// Result.compare()): the per-user metrics' comparison (two-level with
// repeated runs), then the set-level metrics' bootstrap, which resamples
// users and recomputes each statistic (per model, so not with repeated runs:
// there the runs' spread stands for them).
#include <optional>

#include "common/progress.h"
#include "compare/comparison.h"
#include "compare/set_level_comparison.h"
#include "rank/rank_cache.h"
#include "study/evaluated_study.h"

namespace ranklab::study {

struct ComparedStudy {
    stats::Comparison comparison;     // its options as used, without a progress
    stats::SetLevelComparison setLevel;  // empty without set-level columns or with repeated runs
};

// Whether compareStudy() runs the set-level bootstrap for `e`.
bool comparesSetLevel(const EvaluatedStudy& e);

// `options.baseline` indexes e.models. `progress` goes 0 → 1 over both
// parts (half each when there are set-level columns).
ComparedStudy compareStudy(const Dataset& data, const EvaluatedStudy& e, RankCache& cache,
                           const stats::ComparisonOptions& options, const Progress* progress = nullptr);

} // namespace ranklab::study
