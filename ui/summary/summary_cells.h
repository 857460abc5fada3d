#pragma once
// What each cell of the summary table shows apart from its formatting,
// worked out once per result (a repaint asks for it many times): the mean,
// whether it is a best of its column, its mark against the baseline and,
// for all pairs, the letters of the models it is significantly better than.
// The rules are those of the comparison report's marks (compare_marks.h):
// the first test after correction, the sign of the mean difference, every
// model tying for the highest mean (none for a count or a lone model).
#include <QString>

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "ui/evaluation_result.h"

namespace ranklab::ui {

struct SummaryCell {
    double mean = 0;
    const stats::MeanSummary* summary = nullptr;  // null until the comparison arrives
    bool best = false;
    int mark = 0;        // against the baseline: +1 better, −1 worse
    QString betterThan;  // all pairs: letters
    // Against the baseline (a row other than the baseline's, once compared):
    // the paired difference model − baseline, its intervals, Cohen's d_z, the
// rank-biserial r and
    // whether the first test rejects after correction.
    bool compared = false;
    double diff = stats::kNaN;
    double diffTLo = stats::kNaN, diffTHi = stats::kNaN;
    std::optional<std::pair<double, double>> diffBootstrap;
    double dz = stats::kNaN;
    double rankBiserial = stats::kNaN;  // NaN unless Wilcoxon ran
    bool significant = false;
    double baselineMean = stats::kNaN;
    // With a δ for the column: the pair's class seen from this model
    // (better/worse swapped when the model is the pair's b), δ and TOST's p.
    std::optional<stats::PracticalClass> practical;
    double delta = stats::kNaN;
    double tostP = stats::kNaN;
    // A set-level column (coverage, gini, ...): no per-user values, so the
    // interval of the statistic and of the difference come from resampling
    // users (`method`, empty for a per-user column), and `significant` is
    // the bootstrap p ≤ α, uncorrected.
    QString method;
    std::optional<std::pair<double, double>> setInterval;
    double setP = stats::kNaN;
};

class SummaryCells {
public:
    SummaryCells() = default;
    // `columns`: the evaluation columns shown.
    SummaryCells(const EvaluationResult& result, const std::vector<std::size_t>& columns);

    // `column` indexes `columns`.
    const SummaryCell& at(std::size_t model, std::size_t column) const { return cells_[model * columns_ + column]; }

private:
    // The cells of evaluation column `metric` (shown at `col`) from the set-level comparison.
    void fillSetLevel(const stats::SetLevelComparison& s, const stats::Comparison& c, std::size_t metric,
                      std::size_t col, Direction better);
    std::size_t columns_ = 0;
    std::vector<SummaryCell> cells_;  // [model][column]
};

// All pairs: a model's letter (0 → a, 25 → z, 26 → aa, as compare_marks.h).
QString modelLetter(std::size_t model);

} // namespace ranklab::ui
