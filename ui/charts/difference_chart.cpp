#include "ui/charts/difference_chart.h"

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

#include "ui/charts/line_hover.h"
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
    : QChart(parent),
      curves_(result.curves),
      baseline_(result.baselineName),
      kmax_(result.kmax),
      level_(result.options.level),
      band_(result.options.bands ? band : CurveBand::None) {
    if (band_ == CurveBand::Bootstrap && !result.options.bootstrap) band_ = CurveBand::T;
    const std::size_t models = curves_.size();
    lines_.assign(models, nullptr);
    bands_.assign(models, nullptr);
    const QString key = QString::fromStdString(result.metric.familyKey());
    const QString baselineName = std::size_t(looks.size()) > result.baseline ? looks[int(result.baseline)].name
                                                                              : QString::fromStdString(baseline_);
    setTitle(QStringLiteral("%1@k: difference to %2").arg(key, baselineName));

    QAbstractAxis* xAxis = nullptr;
    const double kmax = std::max<double>(1, kmax_);
    if (logK) {
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
    zero_ = new QLineSeries;
    zero_->setName(QStringLiteral("no difference"));
    zero_->append(logK ? 1.0 : (kmax_ > 1 ? 1.0 : 0.5), 0.0);
    zero_->append(logK ? std::max(kmax, 2.0) : (kmax_ > 1 ? kmax : 1.5), 0.0);
    zero_->setPen(QPen(QColor(0x30, 0x30, 0x30), 1.2, Qt::DashLine));
    addSeries(zero_);
    zero_->attachAxis(xAxis);
    zero_->attachAxis(yAxis_);

    for (std::size_t m = 0; m < models; ++m) {
        if (m == result.baseline) continue;
        const bool shown = m < std::size_t(looks.size()) ? looks[int(m)].visible : true;
        if (!shown) continue;
        const DifferenceCurve& curve = curves_[m];
        const QColor color = m < std::size_t(looks.size()) ? looks[int(m)].color : QColor(Qt::darkGray);
        const QString name = m < std::size_t(looks.size()) ? looks[int(m)].name : QString::fromStdString(curve.model);
        if (band_ != CurveBand::None) {
            const BandLines lines = bandLines(lowOf(curve, band_), highOf(curve, band_));
            if (!lines.lower.isEmpty()) {
                auto* lower = new QLineSeries(this);
                auto* upper = new QLineSeries(this);
                lower->append(lines.lower);
                upper->append(lines.upper);
                auto* area = new QAreaSeries(upper, lower);
                area->setName(name + QStringLiteral(" band"));
                QColor fill = color;
                fill.setAlpha(50);
                area->setBrush(fill);
                area->setPen(Qt::NoPen);
                addSeries(area);
                area->attachAxis(xAxis);
                area->attachAxis(yAxis_);
                bands_[m] = area;
                widen(lines.lower);
                widen(lines.upper);
            }
        }
        auto* line = new QLineSeries;
        line->setName(QStringLiteral("%1 − %2").arg(name, baselineName));
        line->append(curvePoints(curve.delta));
        line->setPen(QPen(color, 2.2));
        addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(yAxis_);
        lines_[m] = line;
        widen(line->points());
        connect(line, &QLineSeries::hovered, this, [this, line](const QPointF& at, bool entered) {
            if (entered) showHover(mapToPosition(at, line), QCursor::pos());
            else QToolTip::hideText();
        });
    }

    crossings_ = new QScatterSeries;
    crossings_->setName(QStringLiteral("Δ crosses 0"));
    crossings_->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    crossings_->setMarkerSize(10);
    crossings_->setColor(Qt::white);
    crossings_->setBorderColor(QColor(0x20, 0x20, 0x20));
    crossings_->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.6));
    crossings_->setPointLabelsVisible(true);
    crossings_->setPointLabelsFormat(QStringLiteral("k ≈ @xPoint"));
    crossings_->setPointLabelsClipping(false);
    addSeries(crossings_);
    crossings_->attachAxis(xAxis);
    crossings_->attachAxis(yAxis_);
    updateCrossings();

    const double pad = std::max(hi - lo, 1e-6) * 0.04;
    setValueAxisRange(yAxis_, lo - pad, hi + pad);
    for (QLegendMarker* marker : legend()->markers(zero_)) marker->setVisible(false);
    for (std::size_t m = 0; m < models; ++m) {
        if (bands_[m])
            for (QLegendMarker* marker : legend()->markers(bands_[m])) marker->setVisible(false);
        if (!lines_[m]) continue;
        for (QLegendMarker* marker : legend()->markers(lines_[m]))
            connect(marker, &QLegendMarker::clicked, this, [this, m] { setModelShown(m, !isModelShown(m)); });
    }
    legend()->setAlignment(Qt::AlignBottom);
    setAcceptHoverEvents(true);
}

QLineSeries* DifferenceChart::modelSeries(std::size_t model) const { return model < lines_.size() ? lines_[model] : nullptr; }
QAreaSeries* DifferenceChart::bandSeries(std::size_t model) const { return model < bands_.size() ? bands_[model] : nullptr; }

bool DifferenceChart::isModelShown(std::size_t model) const {
    return model < lines_.size() && lines_[model] && lines_[model]->isVisible();
}

void DifferenceChart::setModelShown(std::size_t model, bool shown) {
    QLineSeries* line = modelSeries(model);
    if (!line) return;
    line->setVisible(shown);
    if (bands_[model]) {
        bands_[model]->setVisible(shown);
        for (QLegendMarker* marker : legend()->markers(bands_[model])) marker->setVisible(false);
    }
    for (QLegendMarker* marker : legend()->markers(line)) {
        marker->setVisible(true);
        QColor text = marker->labelBrush().color();
        text.setAlphaF(shown ? 1.0 : 0.35);
        marker->setLabelBrush(text);
        QColor swatch = line->pen().color();
        swatch.setAlphaF(shown ? 1.0 : 0.35);
        marker->setBrush(swatch);
    }
    updateCrossings();
}

void DifferenceChart::updateCrossings() {
    QList<QPointF> points;
    for (std::size_t m = 0; m < lines_.size(); ++m) {
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

QString DifferenceChart::hoverTextAt(const QPointF& pos) const {
    std::vector<QXYSeries*> lines(lines_.begin(), lines_.end());
    const std::optional<LineHit> hit = nearestLine(*this, lines, pos);
    if (!hit) return {};
    return hoverText(hit->line, std::size_t(std::llround(lines_[hit->line]->at(hit->point).x())));
}

void DifferenceChart::showHover(const QPointF& pos, const QPoint& screen) {
    const QString text = hoverTextAt(pos);
    if (text.isEmpty()) {
        QToolTip::hideText();
        return;
    }
    lastHover_ = text;
    QToolTip::showText(screen, text);
}

void DifferenceChart::hoverMoveEvent(QGraphicsSceneHoverEvent* event) {
    showHover(event->pos(), event->screenPos());
    QChart::hoverMoveEvent(event);
}

void DifferenceChart::hoverLeaveEvent(QGraphicsSceneHoverEvent* event) {
    QToolTip::hideText();
    QChart::hoverLeaveEvent(event);
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
