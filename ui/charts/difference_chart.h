#pragma once
// Metric vs k as the difference to a baseline: per shown model (not the
// baseline) Δ(k) = model − baseline with its paired confidence band (t or
// bootstrap) in the model's colour, a zero line, and a marker labelled with
// the k where Δ crosses zero. Hovering within 8 px of a line shows Δ and its
// interval at the nearest k; a click on a legend entry hides the model
// (model_lines_chart.h).
#include <QList>

#include <vector>

#include "eval/curve_difference.h"
#include "ui/charts/curve_chart.h"
#include "ui/evaluation_result.h"

class QCategoryAxis;

namespace ranklab::ui {

class DifferenceChart : public ModelLinesChart {
    Q_OBJECT
public:
    DifferenceChart(const CurveDifferenceResult& result, const QList<ModelLook>& looks, CurveBand band, bool logK,
                    QGraphicsItem* parent = nullptr);

    QLineSeries* zeroLine() const { return zero_; }
    QScatterSeries* crossingSeries() const { return crossings_; }  // null when no shown Δ crosses zero
    QCategoryAxis* valueAxis() const { return yAxis_; }

    QString hoverText(std::size_t model, std::size_t k) const;
    // For the export caption.
    QString description() const;

protected:
    QString pointHoverText(std::size_t model, const QPointF& at) const override;
    void modelsShownChanged() override { updateCrossings(); }

private:
    void updateCrossings();

    std::vector<DifferenceCurve> curves_;
    std::string baseline_;
    std::uint32_t kmax_ = 0;
    double level_ = 0.95;
    CurveBand band_;
    QLineSeries* zero_ = nullptr;
    QScatterSeries* crossings_ = nullptr;
    QCategoryAxis* yAxis_ = nullptr;
};

} // namespace ranklab::ui
