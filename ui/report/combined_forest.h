#pragma once
// The report's one forest plot: every compared metric column, every model
// against the baseline, in one figure. A group of rows per metric (its id
// as the group's heading), one row per model: the difference model −
// baseline as a point in the model's colour (filled: significant by the
// first test after correction; hollow: not) with its interval as a whisker,
// on one shared axis with a dashed line at zero; the ±δ band of a metric
// with a smallest difference that matters behind its rows; the numbers at
// the right (Δ [lo, hi], Δ%, the practical class). The axis is the
// absolute difference, or the relative one (% of the baseline's mean) when
// the Summary shows Δ% (then metrics of any scale share it).
//
// Painted with QPainter, so the same drawing goes to the HTML's SVG and
// the PDF's page as vectors.
#include <QByteArray>
#include <QColor>
#include <QList>
#include <QString>

#include <vector>

#include "compare/comparison.h"
#include "ui/evaluation_result.h"
#include "ui/summary/comparison_setup.h"

class QPainter;
class QRectF;

namespace ranklab::ui {

struct CombinedForestRow {
    QString model;
    QColor color;
    double diff = stats::kNaN, lo = stats::kNaN, hi = stats::kNaN;  // in the axis' unit
    bool significant = false;
    QString numbers;  // "+0.0213 [+0.0101, +0.0325]  +4.1%  better"
};

struct CombinedForestGroup {
    QString metric;
    double band = stats::kNaN;  // ±δ in the axis' unit; NaN: none
    std::vector<CombinedForestRow> rows;
};

struct CombinedForest {
    QString title;      // "Difference to the baseline bm25 (model − bm25), 95% t CI"
    QString axisTitle;  // "Δ" or "Δ % of the baseline's mean"
    bool percent = false;
    std::vector<CombinedForestGroup> groups;
    bool empty() const { return groups.empty(); }
};

// From `comparison` (against a baseline; all pairs: empty). `percent`: the
// axis in % of the baseline's mean. Hidden models are drawn too (a report
// shows every model).
CombinedForest combinedForest(const stats::Comparison& comparison, const QList<ModelLook>& looks, CiKind interval,
                              bool percent);

// The height the figure wants at `width` (logical pixels).
double combinedForestHeight(const CombinedForest& forest, double width);
void paintCombinedForest(QPainter& painter, const QRectF& box, const CombinedForest& forest);
// As an SVG document `width` wide.
QByteArray combinedForestSvg(const CombinedForest& forest, double width);

} // namespace ranklab::ui
