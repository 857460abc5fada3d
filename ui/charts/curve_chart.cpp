#include "ui/charts/curve_chart.h"

#include <QCategoryAxis>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/charts/crossovers.h"
#include "ui/charts/cutoff_axis.h"
#include "ui/charts/model_look.h"
#include "ui/charts/value_axis.h"

namespace ranklab::ui {
namespace {

const std::vector<double>& bandLo(const MetricCurve& c, CurveBand band) {
    return band == CurveBand::T ? c.tLo : c.bootLo;
}
const std::vector<double>& bandHi(const MetricCurve& c, CurveBand band) {
    return band == CurveBand::T ? c.tHi : c.bootHi;
}

} // namespace

QList<QPointF> curvePoints(const std::vector<double>& values) {
    QList<QPointF> points;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (!std::isnan(values[i])) points.append(QPointF(double(i + 1), values[i]));
    return points;
}

BandLines bandLines(const std::vector<double>& lo, const std::vector<double>& hi) {
    BandLines lines;
    const std::size_t n = std::min(lo.size(), hi.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (std::isnan(lo[i]) || std::isnan(hi[i])) continue;
        lines.lower.append(QPointF(double(i + 1), lo[i]));
        lines.upper.append(QPointF(double(i + 1), hi[i]));
    }
    return lines;
}

CurveChart::CurveChart(const CurveResult& result, const QList<ModelLook>& looks, const CurveChartOptions& options,
                       QGraphicsItem* parent)
    : ModelLinesChart(parent), kmax_(result.kmax), level_(result.options.level), options_(options) {
    const std::size_t models = result.metrics.empty() ? 0 : result.curves.size() / result.metrics.size();
    const bool haveMetric = options.metric < result.metrics.size();
    if (!result.options.bands) options_.band = CurveBand::None;
    resetModels(models);
    const QString key = haveMetric ? QString::fromStdString(result.metrics[options.metric].familyKey()) : QString();
    setTitle(QStringLiteral("%1 vs k").arg(key));

    QAbstractAxis* xAxis = makeCutoffAxis(kmax_, options.logK);
    QCategoryAxis* yAxis = makeValueAxis();
    yAxis->setTitleText(QStringLiteral("%1@k").arg(key));
    addAxis(xAxis, Qt::AlignBottom);
    addAxis(yAxis, Qt::AlignLeft);

    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    auto widen = [&](const QList<QPointF>& points) {
        for (const QPointF& p : points) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
        }
    };
    for (std::size_t m = 0; m < models && haveMetric; ++m) {
        curves_.push_back(result.curve(m, options.metric));
        const MetricCurve& curve = curves_.back();
        const ModelLook look = lookOf(looks, m, QString::fromStdString(curve.model));
        if (!look.visible) continue;
        if (options_.band != CurveBand::None) {
            const BandLines band = bandLines(bandLo(curve, options_.band), bandHi(curve, options_.band));
            if (addModelBand(m, band.lower, band.upper, look.name + QStringLiteral(" band"), look.color, 45, xAxis,
                             yAxis)) {
                widen(band.lower);
                widen(band.upper);
            }
        }
        auto* line = new QLineSeries;
        line->setName(look.name);
        line->append(curvePoints(curve.mean));
        addModelLine(m, line, look.color, xAxis, yAxis);
        widen(line->points());
    }
    if (options_.crossovers) {
        crossovers_ = addMarks(QStringLiteral("models swap order"), QScatterSeries::MarkerShapeRotatedRectangle, 11,
                               xAxis, yAxis);
        updateCrossovers();
    }
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    if (lo >= 0) lo = 0;
    if (hi <= lo) hi = lo + 1;
    setValueAxisRange(yAxis, lo, hi + (hi - lo) * 0.03);
    setAcceptHoverEvents(true);
    connectLegend();  // band entries hidden; a click toggles the model
}

QScatterSeries* CurveChart::crossoverSeries() const { return crossovers_; }

void CurveChart::updateCrossovers() {
    if (!crossovers_) return;
    QList<QPointF> points;
    for (std::size_t a = 0; a < curves_.size(); ++a) {
        if (!isModelShown(a)) continue;
        for (std::size_t b = a + 1; b < curves_.size(); ++b) {
            if (!isModelShown(b)) continue;
            for (const Crossover& c : findCrossovers(curves_[a].mean, curves_[b].mean))
                points.append(QPointF(double(c.k), c.y));
        }
    }
    crossovers_->replace(points);
    for (QLegendMarker* marker : legend()->markers(crossovers_)) marker->setVisible(!points.isEmpty());
}

QString CurveChart::hoverText(std::size_t model, const QPointF& at) const {
    if (model >= curves_.size() || kmax_ == 0) return {};
    const MetricCurve& curve = curves_[model];
    const double k = std::clamp(std::round(at.x()), 1.0, double(curve.mean.size()));
    const std::size_t i = std::size_t(k) - 1;
    QString text = QStringLiteral("%1\n%2@%3 = %4")
                       .arg(QString::fromStdString(curve.model), QString::fromStdString(curve.metric))
                       .arg(i + 1)
                       .arg(curve.mean[i], 0, 'f', 4);
    if (options_.band != CurveBand::None) {
        const auto& lo = bandLo(curve, options_.band);
        const auto& hi = bandHi(curve, options_.band);
        if (i < lo.size() && !std::isnan(lo[i]) && !std::isnan(hi[i]))
            text += QStringLiteral("\n%1% CI [%2, %3]")
                        .arg(level_ * 100, 0, 'g', 3)
                        .arg(lo[i], 0, 'f', 4)
                        .arg(hi[i], 0, 'f', 4);
    }
    return text;
}

QString CurveChart::description() const {
    const QString family = curves_.empty() ? QString() : QString::fromStdString(curves_.front().metric);
    QString text = QStringLiteral("%1@k, mean over users, k = 1..%2").arg(family).arg(kmax_);
    if (options_.band == CurveBand::Bootstrap)
        text += QStringLiteral("; band: %1% percentile bootstrap").arg(level_ * 100, 0, 'g', 3);
    else if (options_.band == CurveBand::T)
        text += QStringLiteral("; band: %1% Student t").arg(level_ * 100, 0, 'g', 3);
    if (crossovers_ && crossovers_->count() > 0) text += QStringLiteral("; ◇: two models swap order");
    return text;
}

} // namespace ranklab::ui
