#pragma once
// The forest plot under the Summary table: for one metric column, every
// shown model's mean difference to the baseline (model − baseline) as a
// point in the model's colour with its confidence interval as a whisker
// (t, or the paired bootstrap's when chosen and computed), one row per
// model, a dashed line at zero, and with a δ set the band ±δ shaded. A filled point: the difference is
// significant (the first test after correction, as the table's ▲/▼); a
// hollow one: it is not.
#include <QChart>
#include <QList>
#include <QString>

#include <cstddef>
#include <vector>

#include "compare/comparison.h"
#include "ui/evaluation_result.h"
#include "ui/summary/comparison_setup.h"

class QAreaSeries;
class QLineSeries;
class QScatterSeries;

namespace ranklab::ui {

// One row of the plot, `model` − baseline on one evaluation column.
struct ForestRow {
    std::size_t model = 0;
    double diff = stats::kNaN;
    double lo = stats::kNaN, hi = stats::kNaN;
    bool significant = false;
};

// The rows of `comparison` (against a baseline) on evaluation column
// `metric`, models in evaluation order, the baseline and hidden models left
// out. `interval`: Bootstrap uses the paired bootstrap CI when computed,
// anything else the t CI. Empty for all pairs.
std::vector<ForestRow> forestRows(const stats::Comparison& comparison, std::size_t metric,
                                  const QList<ModelLook>& looks, CiKind interval);

class ForestChart : public QChart {
    Q_OBJECT
public:
    ForestChart(const stats::Comparison& comparison, std::size_t metric, const QList<ModelLook>& looks,
                CiKind interval, QGraphicsItem* parent = nullptr);

    const std::vector<ForestRow>& rows() const { return rows_; }
    // Null for a model not plotted.
    QScatterSeries* pointSeries(std::size_t model) const;
    // The whisker with its end caps: x from lo to hi at the model's row.
    QLineSeries* whiskerSeries(std::size_t model) const;
    QLineSeries* zeroLine() const { return zero_; }
    // With a δ set for the metric (the Summary's δ, as the practical
    // classes use it): the shaded band from −δ to +δ, the differences that
    // do not matter; null without a δ.
    QAreaSeries* deltaBand() const { return band_; }
    double delta() const { return delta_; }
    // The y of a model's row (the top row is the first model).
    double rowPosition(std::size_t model) const;
    QString description() const;

private:
    std::vector<ForestRow> rows_;
    std::vector<QScatterSeries*> points_;
    std::vector<QLineSeries*> whiskers_;
    QLineSeries* zero_ = nullptr;
    QAreaSeries* band_ = nullptr;
    double delta_ = stats::kNaN;
    QString description_;
};

} // namespace ranklab::ui
