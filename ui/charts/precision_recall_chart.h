#pragma once
// Interpolated precision vs recall, one line per shown model: the 11-point
// curve (recall 0, 0.1, ..., 1, points marked) or the full curve (a step at
// every recall level a user reaches), the values trec_eval's
// iprec_at_recall averages. Hovering within 8 px of a line shows the
// precision at the nearest recall level.
#include <QChart>
#include <QList>

#include <vector>

#include "trec/precision_recall_curve.h"
#include "ui/evaluation_result.h"

class QCategoryAxis;
class QLineSeries;

namespace ranklab::ui {

enum class PrecisionRecallKind { ElevenPoint, Full };

// The drawn points: 11-point (recall, precision) pairs, or the full curve
// as steps (precision p_i holds on (r_{i−1}, r_i]).
QList<QPointF> precisionRecallPoints(const PrecisionRecallCurve& curve, PrecisionRecallKind kind);

class PrecisionRecallChart : public QChart {
    Q_OBJECT
public:
    PrecisionRecallChart(const PrecisionRecallResult& result, const QList<ModelLook>& looks,
                         PrecisionRecallKind kind, QGraphicsItem* parent = nullptr);

    QLineSeries* modelSeries(std::size_t model) const;  // null when hidden
    QCategoryAxis* recallAxis() const { return xAxis_; }
    QCategoryAxis* precisionAxis() const { return yAxis_; }

    QString hoverTextAt(const QPointF& pos) const;
    QString lastHoverText() const { return lastHover_; }
    QString description() const;

protected:
    void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    void showHover(const QPointF& pos, const QPoint& screen);

    std::vector<PrecisionRecallCurve> curves_;
    PrecisionRecallKind kind_;
    TiePolicy ties_;
    std::vector<QLineSeries*> lines_;
    QCategoryAxis* xAxis_ = nullptr;
    QCategoryAxis* yAxis_ = nullptr;
    QString lastHover_;
};

} // namespace ranklab::ui
