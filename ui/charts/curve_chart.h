#pragma once
// Metric vs k: one line per shown model in its colour (CurveResult means at
// k = 1..K of one metric family), an optional confidence band per model,
// a linear or log k axis, diamonds where two shown models swap order, the
// exact value in a tooltip when the cursor is within 8 px of a line, and a
// click on a legend entry hiding or showing that model (model_lines_chart.h).
#include <QList>
#include <QPointF>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "eval/metric_curve.h"
#include "ui/charts/model_lines_chart.h"
#include "ui/evaluation_result.h"

namespace ranklab::ui {

enum class CurveBand { None, Bootstrap, T };

struct CurveChartOptions {
    std::size_t metric = 0;  // index into CurveResult::metrics
    CurveBand band = CurveBand::Bootstrap;
    bool logK = false;
    bool crossovers = true;
};

// (k, value) for k = 1..n; NaN values are left out.
QList<QPointF> curvePoints(const std::vector<double>& values);
// The band's lower and upper lines, at the k where both ends are numbers.
struct BandLines {
    QList<QPointF> lower, upper;
};
BandLines bandLines(const std::vector<double>& lo, const std::vector<double>& hi);

class CurveChart : public ModelLinesChart {
    Q_OBJECT
public:
    // Models whose look is not visible are left out (and have no series).
    CurveChart(const CurveResult& result, const QList<ModelLook>& looks, const CurveChartOptions& options,
               QGraphicsItem* parent = nullptr);

    QScatterSeries* crossoverSeries() const;  // null without crossovers

    // The tooltip for the point `at` (value coordinates) of `model`'s line:
    // the model, the nearest k and the exact mean there (with the band).
    QString hoverText(std::size_t model, const QPointF& at) const;

    // For the export caption: "ndcg@k; band: 95% percentile bootstrap".
    QString description() const;

protected:
    QString pointHoverText(std::size_t model, const QPointF& at) const override { return hoverText(model, at); }
    // Recomputes the crossovers among the models still shown.
    void modelsShownChanged() override { updateCrossovers(); }

private:
    void updateCrossovers();

    std::vector<MetricCurve> curves_;  // per model, of the chosen family (copied)
    std::uint32_t kmax_ = 0;
    double level_ = 0.95;
    CurveChartOptions options_;
    QScatterSeries* crossovers_ = nullptr;
};

} // namespace ranklab::ui
