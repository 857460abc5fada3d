#pragma once
// What a finished comparison marks at a threshold: each test's p-values
// corrected over the family (every pair × metric) and rejected at α, and
// each pair's practical class (TOST at α against the metric's δ). These
// need no data: α, the correction and the δs re-mark the stored p-values
// and difference moments at once, so the workbench does not compare again
// when only they change (only a new test, baseline, level or resampling
// recomputes). assembleComparison() marks through here too.
#include "compare/comparison.h"

namespace ranklab::stats {

// Whether `next` asks for what `done` computed but for α, the correction
// and the δs (with many-model procedures, α is part of their computation:
// a new α then recomputes).
bool onlyThresholdsDiffer(const ComparisonOptions& done, const ComparisonOptions& next);

// Sets comparison.options' α, correction and δs from `next` and re-marks
// every pair's tests and practical class.
void applyThresholds(Comparison& comparison, const ComparisonOptions& next);

} // namespace ranklab::stats
