#include "ui/charts/forest_chart.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ranklab::ui {
namespace {

constexpr double kCap = 0.12;  // half-height of a whisker's end caps, in rows

QString nameOf(const stats::Comparison& c, const QList<ModelLook>& looks, std::size_t model) {
    if (model < std::size_t(looks.size())) return looks[qsizetype(model)].name;
    return model < c.models.size() ? QString::fromStdString(c.models[model]) : QString::number(model);
}

QColor colorOf(const QList<ModelLook>& looks, std::size_t model) {
    return model < std::size_t(looks.size()) && looks[qsizetype(model)].color.isValid() ? looks[qsizetype(model)].color
                                                                                        : QColor(Qt::darkGray);
}

QString metricId(const stats::Comparison& c, std::size_t metric) {
    for (std::size_t i = 0; i < c.metrics.size(); ++i)
        if (c.metrics[i] == metric && i < c.metricIds.size()) return QString::fromStdString(c.metricIds[i]);
    return QStringLiteral("metric %1").arg(metric);
}

} // namespace

std::vector<ForestRow> forestRows(const stats::Comparison& c, std::size_t metric, const QList<ModelLook>& looks,
                                  CiKind interval) {
    std::vector<ForestRow> rows;
    if (!c.options.baseline) return rows;
    const std::size_t b = *c.options.baseline;
    for (std::size_t m = 0; m < c.models.size(); ++m) {
        if (m == b) continue;
        if (m < std::size_t(looks.size()) && !looks[qsizetype(m)].visible) continue;
        const stats::PairComparison* p = c.find(m, b, metric);
        if (!p) continue;
        const bool flip = p->a != m;
        const double sign = flip ? -1.0 : 1.0;
        double lo = p->ciT.lo, hi = p->ciT.hi;
        if (interval == CiKind::Bootstrap && p->ciBootstrap) {
            lo = p->ciBootstrap->lo;
            hi = p->ciBootstrap->hi;
        }
        ForestRow row;
        row.model = m;
        row.diff = sign * p->meanDiff;
        row.lo = flip ? -hi : lo;
        row.hi = flip ? -lo : hi;
        row.significant = !p->tests.empty() && p->tests.front().significant;
        rows.push_back(row);
    }
    return rows;
}

ForestChart::ForestChart(const stats::Comparison& c, std::size_t metric, const QList<ModelLook>& looks,
                         CiKind interval, QGraphicsItem* parent)
    : QChart(parent), rows_(forestRows(c, metric, looks, interval)) {
    points_.assign(c.models.size(), nullptr);
    whiskers_.assign(c.models.size(), nullptr);
    const QString id = metricId(c, metric);
    const QString baseline = c.options.baseline ? nameOf(c, looks, *c.options.baseline) : QString();
    const bool bootstrap = interval == CiKind::Bootstrap && !rows_.empty() &&
                           std::any_of(c.pairs.begin(), c.pairs.end(), [](const auto& p) { return p.ciBootstrap; });
    const QString level = QString::number(c.options.level * 100, 'g', 4) + QLatin1Char('%');
    const QString ci = bootstrap ? QStringLiteral("%1 %2 bootstrap CI")
                                       .arg(level, c.twoLevelBootstrap ? QStringLiteral("two-level")
                                                                       : QStringLiteral("paired"))
                                 : QStringLiteral("%1 t CI").arg(level);
    setTitle(QStringLiteral("%1: difference to %2").arg(id, baseline));
    description_ = QStringLiteral("%1, mean difference model − %2 with its %3; filled: significant").arg(id, baseline, ci);
    // δ of this metric's pairs (one baseline: one δ), as the practical classes use it.
    for (const auto& p : c.pairs)
        if (p.metric == metric && p.practical && std::isfinite(p.practical->delta) && p.practical->delta > 0) {
            delta_ = p.practical->delta;
            break;
        }
    if (std::isfinite(delta_))
        description_ += QStringLiteral("; shaded: ±δ = %1, differences too small to matter").arg(delta_, 0, 'g', 4);
    legend()->hide();

    const int n = int(rows_.size());
    auto* yAxis = new QCategoryAxis;
    yAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    yAxis->setRange(-0.5, std::max(0, n - 1) + 0.5);
    yAxis->setStartValue(-0.5);
    yAxis->setGridLineVisible(false);
    auto* xAxis = new QValueAxis;
    xAxis->setTitleText(QStringLiteral("Δ %1 (model − %2), %3").arg(id, baseline, ci));
    xAxis->setLabelFormat(QStringLiteral("%.3f"));
    addAxis(xAxis, Qt::AlignBottom);
    addAxis(yAxis, Qt::AlignLeft);

    double lo = 0, hi = 0;
    for (const ForestRow& r : rows_)
        for (double x : {r.diff, r.lo, r.hi})
            if (std::isfinite(x)) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
    if (std::isfinite(delta_)) {  // the band is in view
        lo = std::min(lo, -delta_);
        hi = std::max(hi, delta_);
    }
    const double pad = hi > lo ? 0.08 * (hi - lo) : 0.01;
    xAxis->setRange(lo - pad, hi + pad);
    xAxis->applyNiceNumbers();

    if (std::isfinite(delta_)) {
        const double top = std::max(0, n - 1) + 0.5;
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        upper->append({QPointF(-delta_, top), QPointF(delta_, top)});
        lower->append({QPointF(-delta_, -0.5), QPointF(delta_, -0.5)});
        band_ = new QAreaSeries(upper, lower);
        band_->setName(QStringLiteral("±δ"));
        QColor fill(0x2e, 0x7d, 0x32);
        fill.setAlpha(40);
        band_->setBrush(fill);
        band_->setPen(QPen(QColor(0x2e, 0x7d, 0x32, 110), 1));
        addSeries(band_);
        band_->attachAxis(xAxis);
        band_->attachAxis(yAxis);
    }

    zero_ = new QLineSeries;
    zero_->append(0, -0.5);
    zero_->append(0, std::max(0, n - 1) + 0.5);
    zero_->setPen(QPen(QColor(0x70, 0x70, 0x70), 1.2, Qt::DashLine));
    addSeries(zero_);
    zero_->attachAxis(xAxis);
    zero_->attachAxis(yAxis);

    for (int i = 0; i < n; ++i) {
        const ForestRow& r = rows_[std::size_t(i)];
        const double y = n - 1 - i;
        const QColor color = colorOf(looks, r.model);
        if (std::isfinite(r.lo) && std::isfinite(r.hi)) {
            auto* whisker = new QLineSeries;
            whisker->setName(nameOf(c, looks, r.model) + QStringLiteral(" CI"));
            whisker->append({QPointF(r.lo, y + kCap), QPointF(r.lo, y - kCap), QPointF(r.lo, y), QPointF(r.hi, y),
                             QPointF(r.hi, y + kCap), QPointF(r.hi, y - kCap)});
            whisker->setPen(QPen(color.darker(110), 2.2));
            addSeries(whisker);
            whisker->attachAxis(xAxis);
            whisker->attachAxis(yAxis);
            whiskers_[r.model] = whisker;
        }
        auto* point = new QScatterSeries;
        point->setName(nameOf(c, looks, r.model));
        point->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        point->setMarkerSize(12);
        point->setColor(r.significant ? color : QColor(Qt::white));
        point->setBorderColor(color.darker(125));
        point->setPen(QPen(color.darker(125), 2));
        if (std::isfinite(r.diff)) point->append(r.diff, y);
        addSeries(point);
        point->attachAxis(xAxis);
        point->attachAxis(yAxis);
        points_[r.model] = point;
    }
    for (int i = n - 1; i >= 0; --i)  // a category axis grows upwards
        yAxis->append(nameOf(c, looks, rows_[std::size_t(i)].model), n - 1 - i);
}

QScatterSeries* ForestChart::pointSeries(std::size_t model) const {
    return model < points_.size() ? points_[model] : nullptr;
}

QLineSeries* ForestChart::whiskerSeries(std::size_t model) const {
    return model < whiskers_.size() ? whiskers_[model] : nullptr;
}

double ForestChart::rowPosition(std::size_t model) const {
    const int n = int(rows_.size());
    for (int i = 0; i < n; ++i)
        if (rows_[std::size_t(i)].model == model) return n - 1 - i;
    return stats::kNaN;
}

QString ForestChart::description() const { return description_; }

} // namespace ranklab::ui
