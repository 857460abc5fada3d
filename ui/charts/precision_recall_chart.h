#pragma once
// Interpolated precision vs recall, one line per shown model: the 11-point
// curve (recall 0, 0.1, ..., 1, points marked) or the full curve (a step at
// every recall level a user reaches), the values trec_eval's
// iprec_at_recall averages. Hovering within 8 px of a line shows the
// precision at the nearest recall level; a click on a legend entry hides the
// model (model_lines_chart.h).
#include <QList>

#include <vector>

#include "trec/precision_recall_curve.h"
#include "ui/charts/model_lines_chart.h"
#include "ui/evaluation_result.h"

class QCategoryAxis;

namespace ranklab::ui {

enum class PrecisionRecallKind { ElevenPoint, Full };

// The drawn points: 11-point (recall, precision) pairs, or the full curve
// as steps (precision p_i holds on (r_{i−1}, r_i]).
QList<QPointF> precisionRecallPoints(const PrecisionRecallCurve& curve, PrecisionRecallKind kind);

class PrecisionRecallChart : public ModelLinesChart {
    Q_OBJECT
public:
    PrecisionRecallChart(const PrecisionRecallResult& result, const QList<ModelLook>& looks,
                         PrecisionRecallKind kind, QGraphicsItem* parent = nullptr);

    QCategoryAxis* recallAxis() const { return xAxis_; }
    QCategoryAxis* precisionAxis() const { return yAxis_; }

    QString description() const;

protected:
    QString pointHoverText(std::size_t model, const QPointF& at) const override;

private:
    std::vector<PrecisionRecallCurve> curves_;
    PrecisionRecallKind kind_;
    TiePolicy ties_;
    QCategoryAxis* xAxis_ = nullptr;
    QCategoryAxis* yAxis_ = nullptr;
};

} // namespace ranklab::ui
