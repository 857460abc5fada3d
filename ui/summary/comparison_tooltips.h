#pragma once
// The tooltips of the summary table's cells: a model's mean with both
// intervals and n, and its comparison with the baseline (or, for all pairs,
// with every other model): the mean difference with its intervals, each
// test's p-value and adjusted p-value, wins/ties/losses and Cohen's d_z.
#include <QString>

#include <cstddef>

#include "ui/evaluation_result.h"

namespace ranklab::ui {

// Rich text for model `model` on evaluation column `metric`.
QString cellToolTip(const EvaluationResult& result, std::size_t model, std::size_t metric);

// The model cell: its name, whether it is the baseline, its users.
QString modelToolTip(const EvaluationResult& result, std::size_t model);

// "3 runs" for a model with repeated runs (result.spreads), else empty.
QString runCount(const EvaluationResult& result, std::size_t model);

// "Holm-corrected", "uncorrected", ...; "t-test", "Wilcoxon signed-rank test", ...
QString correctionName(stats::Correction correction);
QString testName(stats::SignificanceTest test);

} // namespace ranklab::ui
