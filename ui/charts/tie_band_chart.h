#pragma once
// How far ties can move one metric@k: per shown model (one row each, in its
// colour) the interval from the pessimistic to the optimistic mean, and a
// dot at the chosen tie policy's mean.
#include <QChart>
#include <QList>
#include <QString>

#include <cstddef>
#include <vector>

#include "eval/tie_sensitivity.h"
#include "ui/evaluation_result.h"

class QLineSeries;
class QScatterSeries;

namespace ranklab::ui {

struct TieBandRow {
    std::size_t model = 0;
    QString name;
    double pessimistic = 0, chosen = 0, optimistic = 0;
};
// The shown models' bands of evaluation column `metric`, in evaluation order.
std::vector<TieBandRow> tieBandRows(const TieSensitivity& result, std::size_t metric, const QList<ModelLook>& looks);

class TieBandChart : public QChart {
    Q_OBJECT
public:
    TieBandChart(const TieSensitivity& result, std::size_t metric, const QList<ModelLook>& looks,
                 QGraphicsItem* parent = nullptr);

    const std::vector<TieBandRow>& rows() const { return rows_; }
    // Row i's interval: two points (pessimistic, y) and (optimistic, y).
    QLineSeries* band(std::size_t row) const { return row < bands_.size() ? bands_[row] : nullptr; }
    QScatterSeries* chosen() const { return chosen_; }  // one point per row
    QString description() const;

private:
    std::vector<TieBandRow> rows_;
    std::vector<QLineSeries*> bands_;
    QScatterSeries* chosen_ = nullptr;
    QString metricId_, policy_;
};

} // namespace ranklab::ui
