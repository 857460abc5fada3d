#pragma once
// Metric vs k as the difference to a baseline: per shown model (not the
// baseline) Δ(k) = model − baseline with its paired confidence band (t or
// bootstrap) in the model's colour, a zero line, and a marker labelled with
// the k where Δ crosses zero. Hovering within 8 px of a line shows Δ and its
// interval at the nearest k; a click on a legend entry hides the model.
#include <QChart>
#include <QList>

#include <vector>

#include "eval/curve_difference.h"
#include "ui/charts/curve_chart.h"
#include "ui/evaluation_result.h"

class QAreaSeries;
class QCategoryAxis;
class QLineSeries;
class QScatterSeries;

namespace ranklab::ui {

class DifferenceChart : public QChart {
    Q_OBJECT
public:
    DifferenceChart(const CurveDifferenceResult& result, const QList<ModelLook>& looks, CurveBand band, bool logK,
                    QGraphicsItem* parent = nullptr);

    QLineSeries* modelSeries(std::size_t model) const;  // null for the baseline and hidden models
    QAreaSeries* bandSeries(std::size_t model) const;
    QLineSeries* zeroLine() const { return zero_; }
    QScatterSeries* crossingSeries() const { return crossings_; }  // null when no shown Δ crosses zero
    QCategoryAxis* valueAxis() const { return yAxis_; }

    void setModelShown(std::size_t model, bool shown);
    bool isModelShown(std::size_t model) const;

    QString hoverText(std::size_t model, std::size_t k) const;
    QString hoverTextAt(const QPointF& pos) const;  // empty beyond 8 px of every line
    QString lastHoverText() const { return lastHover_; }
    // For the export caption.
    QString description() const;

protected:
    void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    void updateCrossings();
    void showHover(const QPointF& pos, const QPoint& screen);

    std::vector<DifferenceCurve> curves_;
    std::string baseline_;
    std::uint32_t kmax_ = 0;
    double level_ = 0.95;
    CurveBand band_;
    std::vector<QLineSeries*> lines_;
    std::vector<QAreaSeries*> bands_;
    QLineSeries* zero_ = nullptr;
    QScatterSeries* crossings_ = nullptr;
    QCategoryAxis* yAxis_ = nullptr;
    QString lastHover_;
};

} // namespace ranklab::ui
