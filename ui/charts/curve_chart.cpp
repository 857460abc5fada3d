#include "ui/charts/curve_chart.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QCursor>
#include <QGraphicsSceneHoverEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/charts/crossovers.h"
#include "ui/charts/line_hover.h"
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
    : QChart(parent), kmax_(result.kmax), level_(result.options.level), options_(options) {
    const std::size_t models = result.metrics.empty() ? 0 : result.curves.size() / result.metrics.size();
    const bool haveMetric = options.metric < result.metrics.size();
    if (!result.options.bands) options_.band = CurveBand::None;
    lines_.assign(models, nullptr);
    bands_.assign(models, nullptr);
    const QString key = haveMetric ? QString::fromStdString(result.metrics[options.metric].familyKey()) : QString();
    setTitle(QStringLiteral("%1 vs k").arg(key));

    QAbstractAxis* xAxis = nullptr;
    const double kmax = std::max<double>(1, kmax_);
    if (options.logK) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setRange(1, std::max(kmax, 2.0));
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        xAxis = axis;
    } else {
        auto* axis = new QValueAxis;
        axis->setRange(kmax_ > 1 ? 1 : 0.5, kmax_ > 1 ? kmax : 1.5);
        axis->setLabelFormat(QStringLiteral("%d"));
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(std::max(1.0, niceAxisStep(kmax, 10)));
        xAxis = axis;
    }
    xAxis->setTitleText(QStringLiteral("k (cutoff)"));
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
        const bool shown = m < std::size_t(looks.size()) ? looks[int(m)].visible : true;
        curves_.push_back(result.curve(m, options.metric));
        if (!shown) continue;
        const MetricCurve& curve = curves_.back();
        const QColor color = m < std::size_t(looks.size()) ? looks[int(m)].color : QColor(Qt::darkGray);
        const QString name = m < std::size_t(looks.size()) ? looks[int(m)].name : QString::fromStdString(curve.model);
        if (options_.band != CurveBand::None) {
            const BandLines band = bandLines(bandLo(curve, options_.band), bandHi(curve, options_.band));
            if (!band.lower.isEmpty()) {
                auto* lower = new QLineSeries(this);
                auto* upper = new QLineSeries(this);
                lower->append(band.lower);
                upper->append(band.upper);
                auto* area = new QAreaSeries(upper, lower);
                area->setName(name + QStringLiteral(" band"));
                QColor fill = color;
                fill.setAlpha(45);
                area->setBrush(fill);
                area->setPen(Qt::NoPen);
                addSeries(area);
                area->attachAxis(xAxis);
                area->attachAxis(yAxis);
                bands_[m] = area;
                widen(band.lower);
                widen(band.upper);
            }
        }
        auto* line = new QLineSeries;
        line->setName(name);
        line->append(curvePoints(curve.mean));
        line->setPen(QPen(color, 2.2));
        addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(yAxis);
        lines_[m] = line;
        widen(line->points());
        // On the stroke itself the line gets the hover, not the chart.
        connect(line, &QLineSeries::hovered, this, [this, line](const QPointF& at, bool entered) {
            if (entered) showHover(mapToPosition(at, line), QCursor::pos());
            else QToolTip::hideText();
        });
    }
    if (options_.crossovers) {
        crossovers_ = new QScatterSeries;
        crossovers_->setName(QStringLiteral("models swap order"));
        crossovers_->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
        crossovers_->setMarkerSize(11);
        crossovers_->setColor(Qt::white);
        crossovers_->setBorderColor(QColor(0x20, 0x20, 0x20));
        crossovers_->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.6));
        addSeries(crossovers_);
        crossovers_->attachAxis(xAxis);
        crossovers_->attachAxis(yAxis);
        updateCrossovers();
    }
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    if (lo >= 0) lo = 0;
    if (hi <= lo) hi = lo + 1;
    setValueAxisRange(yAxis, lo, hi + (hi - lo) * 0.03);
    setAcceptHoverEvents(true);

    // The legend: band entries hidden; a click toggles the model.
    for (std::size_t m = 0; m < models; ++m) {
        if (bands_[m])
            for (QLegendMarker* marker : legend()->markers(bands_[m])) marker->setVisible(false);
        if (!lines_[m]) continue;
        for (QLegendMarker* marker : legend()->markers(lines_[m]))
            connect(marker, &QLegendMarker::clicked, this, [this, m] { setModelShown(m, !isModelShown(m)); });
    }
    legend()->setAlignment(Qt::AlignBottom);
}

QLineSeries* CurveChart::modelSeries(std::size_t model) const { return model < lines_.size() ? lines_[model] : nullptr; }
QAreaSeries* CurveChart::bandSeries(std::size_t model) const { return model < bands_.size() ? bands_[model] : nullptr; }
QScatterSeries* CurveChart::crossoverSeries() const { return crossovers_; }

bool CurveChart::isModelShown(std::size_t model) const {
    return model < lines_.size() && lines_[model] && lines_[model]->isVisible();
}

void CurveChart::setModelShown(std::size_t model, bool shown) {
    QLineSeries* line = modelSeries(model);
    if (!line) return;
    line->setVisible(shown);
    if (bands_[model]) {
        bands_[model]->setVisible(shown);
        for (QLegendMarker* marker : legend()->markers(bands_[model])) marker->setVisible(false);
    }
    // The entry stays in the legend, greyed while hidden, so it can be clicked back.
    for (QLegendMarker* marker : legend()->markers(line)) {
        marker->setVisible(true);
        QColor text = marker->labelBrush().color();
        text.setAlphaF(shown ? 1.0 : 0.35);
        marker->setLabelBrush(text);
        QColor swatch = line->pen().color();
        swatch.setAlphaF(shown ? 1.0 : 0.35);
        marker->setBrush(swatch);
    }
    updateCrossovers();
}

void CurveChart::updateCrossovers() {
    if (!crossovers_) return;
    QList<QPointF> points;
    for (std::size_t a = 0; a < lines_.size(); ++a) {
        if (!isModelShown(a)) continue;
        for (std::size_t b = a + 1; b < lines_.size(); ++b) {
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

QString CurveChart::hoverTextAt(const QPointF& pos) const {
    std::vector<QXYSeries*> lines(lines_.begin(), lines_.end());
    const std::optional<LineHit> hit = nearestLine(*this, lines, pos);
    if (!hit) return {};
    return hoverText(hit->line, lines_[hit->line]->at(hit->point));
}

void CurveChart::showHover(const QPointF& pos, const QPoint& screen) {
    const QString text = hoverTextAt(pos);
    if (text.isEmpty()) {
        QToolTip::hideText();
        return;
    }
    lastHover_ = text;
    QToolTip::showText(screen, text);
}

void CurveChart::hoverMoveEvent(QGraphicsSceneHoverEvent* event) {
    showHover(event->pos(), event->screenPos());
    QChart::hoverMoveEvent(event);
}

void CurveChart::hoverLeaveEvent(QGraphicsSceneHoverEvent* event) {
    QToolTip::hideText();
    QChart::hoverLeaveEvent(event);
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
