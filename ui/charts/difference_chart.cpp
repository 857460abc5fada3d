#include "ui/charts/difference_chart.h"

#include <QCategoryAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/charts/cutoff_axis.h"
#include "ui/charts/model_look.h"
#include "ui/charts/value_axis.h"

namespace ranklab::ui {
namespace {

const std::vector<double>& lowOf(const DifferenceCurve& c, CurveBand band) { return band == CurveBand::T ? c.tLo : c.bootLo; }
const std::vector<double>& highOf(const DifferenceCurve& c, CurveBand band) {
    return band == CurveBand::T ? c.tHi : c.bootHi;
}

QString signedNumber(double x) { return (x > 0 ? QStringLiteral("+") : QString()) + axisNumber(x, 4); }

} // namespace

DifferenceChart::DifferenceChart(const CurveDifferenceResult& result, const QList<ModelLook>& looks, CurveBand band,
                                 bool logK, QGraphicsItem* parent)
    : ModelLinesChart(parent),
      curves_(result.curves),
      baseline_(result.baselineName),
      kmax_(result.kmax),
      level_(result.options.level),
      band_(result.options.bands ? band : CurveBand::None) {
    if (band_ == CurveBand::Bootstrap && !result.options.bootstrap) band_ = CurveBand::T;
    const std::size_t models = curves_.size();
    resetModels(models);
    const QString key = QString::fromStdString(result.metric.familyKey());
    const QString baselineName = lookOf(looks, result.baseline, QString::fromStdString(baseline_)).name;
    setTitle(QStringLiteral("%1@k: difference to %2").arg(key, baselineName));

    QAbstractAxis* xAxis = makeCutoffAxis(kmax_, logK);
    yAxis_ = makeValueAxis();
    yAxis_->setTitleText(QStringLiteral("Δ %1@k (model − %2)").arg(key, baselineName));
    addAxis(xAxis, Qt::AlignBottom);
    addAxis(yAxis_, Qt::AlignLeft);

    double lo = 0, hi = 0;  // the zero line is always in range
    auto widen = [&](const QList<QPointF>& points) {
        for (const QPointF& p : points) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
        }
    };
    const AxisSpan span = cutoffAxisSpan(kmax_, logK);
    zero_ = new QLineSeries;
    zero_->setName(QStringLiteral("no difference"));
    zero_->append(span.lo, 0.0);
    zero_->append(span.hi, 0.0);
    zero_->setPen(QPen(QColor(0x30, 0x30, 0x30), 1.2, Qt::DashLine));
    addSeries(zero_);
    zero_->attachAxis(xAxis);
    zero_->attachAxis(yAxis_);

    for (std::size_t m = 0; m < models; ++m) {
        if (m == result.baseline) continue;
        const DifferenceCurve& curve = curves_[m];
        const ModelLook look = lookOf(looks, m, QString::fromStdString(curve.model));
        if (!look.visible) continue;
        if (band_ != CurveBand::None) {
            const BandLines lines = bandLines(lowOf(curve, band_), highOf(curve, band_));
            if (addModelBand(m, lines.lower, lines.upper, look.name + QStringLiteral(" band"), look.color, 50, xAxis,
                             yAxis_)) {
                widen(lines.lower);
                widen(lines.upper);
            }
        }
        auto* line = new QLineSeries;
        line->setName(QStringLiteral("%1 − %2").arg(look.name, baselineName));
        line->append(curvePoints(curve.delta));
        addModelLine(m, line, look.color, xAxis, yAxis_);
        widen(line->points());
    }

    crossings_ = addMarks(QStringLiteral("Δ crosses 0"), QScatterSeries::MarkerShapeCircle, 10, xAxis, yAxis_);
    crossings_->setPointLabelsVisible(true);
    crossings_->setPointLabelsFormat(QStringLiteral("k ≈ @xPoint"));
    crossings_->setPointLabelsClipping(false);
    updateCrossings();

    const double pad = std::max(hi - lo, 1e-6) * 0.04;
    setValueAxisRange(yAxis_, lo - pad, hi + pad);
    for (QLegendMarker* marker : legend()->markers(zero_)) marker->setVisible(false);
    connectLegend();
    setAcceptHoverEvents(true);
}

void DifferenceChart::updateCrossings() {
    QList<QPointF> points;
    for (std::size_t m = 0; m < curves_.size(); ++m) {
        if (!isModelShown(m)) continue;
        // One decimal: the label shows the position, the marker sits on it.
        for (const ZeroCrossing& c : curves_[m].crossings) points.append(QPointF(std::round(c.at * 10) / 10, 0.0));
    }
    crossings_->replace(points);
    for (QLegendMarker* marker : legend()->markers(crossings_)) marker->setVisible(!points.isEmpty());
}

QString DifferenceChart::hoverText(std::size_t model, std::size_t k) const {
    if (model >= curves_.size() || k == 0 || k > curves_[model].delta.size()) return {};
    const DifferenceCurve& c = curves_[model];
    const std::size_t i = k - 1;
    QString text = QStringLiteral("%1 − %2\nΔ %3@%4 = %5")
                       .arg(QString::fromStdString(c.model), QString::fromStdString(baseline_),
                            QString::fromStdString(c.metric))
                       .arg(k)
                       .arg(signedNumber(c.delta[i]));
    if (band_ != CurveBand::None) {
        const auto& lo = lowOf(c, band_);
        const auto& hi = highOf(c, band_);
        if (i < lo.size() && !std::isnan(lo[i]) && !std::isnan(hi[i])) {
            text += QStringLiteral("\n%1% paired CI [%2, %3]")
                        .arg(level_ * 100, 0, 'g', 3)
                        .arg(signedNumber(lo[i]), signedNumber(hi[i]));
            if (lo[i] > 0 || hi[i] < 0) text += QStringLiteral(" — excludes 0");
        }
    }
    return text;
}

QString DifferenceChart::pointHoverText(std::size_t model, const QPointF& at) const {
    return hoverText(model, std::size_t(std::llround(at.x())));
}

QString DifferenceChart::description() const {
    const QString family = curves_.empty() ? QString() : QString::fromStdString(curves_.front().metric);
    QString text = QStringLiteral("Δ %1@k = model − %2, mean of the per-user differences, k = 1..%3")
                       .arg(family, QString::fromStdString(baseline_))
                       .arg(kmax_);
    if (band_ == CurveBand::Bootstrap)
        text += QStringLiteral("; band: %1% paired percentile bootstrap").arg(level_ * 100, 0, 'g', 3);
    else if (band_ == CurveBand::T)
        text += QStringLiteral("; band: %1% paired t").arg(level_ * 100, 0, 'g', 3);
    if (crossings_ && crossings_->count() > 0) text += QStringLiteral("; ○: Δ crosses 0");
    return text;
}

} // namespace ranklab::ui
