#include "ui/charts/density_item.h"

#include <QAbstractSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ranklab::ui {

namespace {

// A light-to-dark sequential scale (yellow-green to navy), readable on white.
constexpr int kStops[][3] = {{199, 233, 180}, {127, 205, 187}, {65, 182, 196}, {34, 94, 168}, {8, 29, 88}};

double logShare(std::uint64_t count, std::uint64_t max) {
    if (max <= 1 || count <= 1) return max <= 1 ? 1.0 : 0.0;
    return std::log(double(count)) / std::log(double(max));
}

QColor colorAt(double t) {
    t = std::clamp(t, 0.0, 1.0) * 4;
    const int i = std::min(3, int(t));
    const double f = t - i;
    auto mix = [&](int c) { return int(std::lround(kStops[i][c] + (kStops[i + 1][c] - kStops[i][c]) * f)); };
    return QColor(mix(0), mix(1), mix(2));
}

// Digits enough to tell two edges `width` apart.
int digitsFor(double width) {
    return std::clamp(int(std::ceil(-std::log10(std::max(width, 1e-12)))) + 1, 2, 8);
}

QString range(const stats::Bins& bins, std::size_t i) {
    const int digits = digitsFor(bins.edge(i + 1) - bins.edge(i));
    return QStringLiteral("[%1, %2%3")
        .arg(QString::number(bins.edge(i), 'f', digits), QString::number(bins.edge(i + 1), 'f', digits),
             i + 1 == bins.count() ? QStringLiteral("]") : QStringLiteral(")"));
}

QString usersText(std::uint64_t n) { return n == 1 ? QStringLiteral("1 user") : QStringLiteral("%1 users").arg(n); }

} // namespace

DensityItem::DensityItem(QChart* chart, QAbstractSeries* anchor, std::shared_ptr<const DensityPlot> plot)
    : QGraphicsItem(chart), chart_(chart), anchor_(anchor), plot_(std::move(plot)) {
    const stats::DensityGrid& g = plot_->grid;
    const int columns = int(g.columns.count()), rows = int(g.rows.count());
    image_ = QImage(columns, rows, QImage::Format_ARGB32);
    image_.fill(Qt::transparent);
    selectedImage_ = image_;
    const QRgb selected = QColor(kSelectedColor.red(), kSelectedColor.green(), kSelectedColor.blue(), 175).rgba();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            if (const std::uint64_t n = g.at(std::size_t(c), std::size_t(r)))
                image_.setPixel(c, rows - 1 - r, colorFor(n, g.maxCount).rgba());
            if (plot_->selected && plot_->selectedGrid.at(std::size_t(c), std::size_t(r)))
                selectedImage_.setPixel(c, rows - 1 - r, selected);
        }
    if (plot_->points) {
        drawOrder_.resize(plot_->points->size());
        std::iota(drawOrder_.begin(), drawOrder_.end(), std::size_t(0));
        std::stable_sort(drawOrder_.begin(), drawOrder_.end(), [&](std::size_t x, std::size_t y) {
            return (*plot_->points)[x].count > (*plot_->points)[y].count;
        });
    }
    bounds_ = chart_->rect();
}

QRectF DensityItem::boundingRect() const { return bounds_; }

void DensityItem::chartResized() {
    prepareGeometryChange();
    bounds_ = chart_->rect();
}

QPointF DensityItem::position(double a, double b) const { return chart_->mapToPosition(QPointF(a, b), anchor_); }

QRectF DensityItem::cellsRect() const {
    const QPointF low = position(plot_->lo, plot_->lo), high = position(plot_->hi, plot_->hi);
    return QRectF(QPointF(low.x(), high.y()), QPointF(high.x(), low.y())).normalized();
}

std::uint64_t DensityItem::maxCount() const {
    if (!plot_->points) return plot_->grid.maxCount;
    std::uint64_t max = 0;
    for (const auto& p : *plot_->points) max = std::max(max, p.count);
    return max;
}

double DensityItem::radius(std::uint64_t count) const {
    const std::uint64_t max = std::max<std::uint64_t>(1, maxCount());
    // Area grows with the count: from 2.5 px for one user to 11 px for the most.
    return 2.5 + 8.5 * std::sqrt(double(count) / double(max));
}

QColor DensityItem::colorFor(std::uint64_t count, std::uint64_t max) { return colorAt(logShare(count, max)); }

void DensityItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const QRectF area = chart_->plotArea();
    painter->save();
    painter->setClipRect(area);
    if (!plot_->points) {
        painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
        const QRectF cells = cellsRect();
        painter->drawImage(cells, image_);
        if (plot_->selected) painter->drawImage(cells, selectedImage_);
    } else {
        painter->setRenderHint(QPainter::Antialiasing, true);
        const std::uint64_t max = maxCount();
        for (std::size_t i : drawOrder_) {
            const stats::WeightedPoint& p = (*plot_->points)[i];
            const QColor fill = colorFor(p.count, max);
            painter->setPen(QPen(fill.darker(140), 0.8));
            painter->setBrush(fill);
            const double r = radius(p.count);
            painter->drawEllipse(position(p.x, p.y), r, r);
        }
        if (plot_->points->size() <= kLabelledPoints) {
            // Few points: each says how many users it holds.
            painter->setPen(QColor(40, 40, 40));
            painter->setFont(chart_->font());
            const QLocale english(QLocale::English);
            const QFontMetricsF metrics(painter->font());
            for (const stats::WeightedPoint& p : *plot_->points) {
                const QPointF at = position(p.x, p.y);
                const double r = radius(p.count);
                const QString text = english.toString(qulonglong(p.count));
                const QSizeF size(metrics.horizontalAdvance(text) + 2, metrics.height());
                // Up and right of the disc, or wherever it stays inside the plot area.
                QRectF box(QPointF(at.x() + r + 1, at.y() - r - size.height()), size);
                if (box.right() > area.right()) box.moveRight(at.x() - r - 1);
                if (box.top() < area.top()) box.moveTop(at.y() + r);
                painter->drawText(box, Qt::AlignCenter, text);
            }
        }
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(kSelectedColor, 2.2));
        for (const stats::WeightedPoint& p : plot_->selectedPoints) {
            const auto all = std::lower_bound(plot_->points->begin(), plot_->points->end(), p,
                                              [](const auto& x, const auto& y) {
                                                  return std::pair(x.x, x.y) < std::pair(y.x, y.y);
                                              });
            const double r = radius(all != plot_->points->end() ? all->count : p.count) + 1.5;
            painter->drawEllipse(position(p.x, p.y), r, r);
        }
    }
    painter->restore();
    paintColorBar(painter, area);
}

void DensityItem::paintColorBar(QPainter* painter, const QRectF& area) const {
    const std::uint64_t max = std::max<std::uint64_t>(1, maxCount());
    const QRectF bar(area.right() + 14, area.top() + 18, 12, std::max(40.0, area.height() - 18));
    painter->save();
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int i = 0; i <= 8; ++i) gradient.setColorAt(i / 8.0, colorAt(i / 8.0));
    painter->setPen(QPen(QColor(90, 90, 90), 0.8));
    painter->setBrush(gradient);
    painter->drawRect(bar);
    QFont font = chart_->font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    painter->setFont(font);
    painter->setPen(QColor(60, 60, 60));
    painter->drawText(QRectF(bar.left() - 10, area.top() - 2, kColorBarSpace, 16), Qt::AlignLeft | Qt::AlignVCenter,
                      plot_->points ? QStringLiteral("users/point") : QStringLiteral("users/cell"));
    // Ticks at 1, 10, 100, ... and at the largest count.
    std::vector<std::uint64_t> ticks;
    for (std::uint64_t v = 1; v < max; v *= 10) ticks.push_back(v);
    ticks.push_back(max);
    double lastY = 1e9;
    for (auto it = ticks.rbegin(); it != ticks.rend(); ++it) {
        const double y = bar.bottom() - logShare(*it, max) * bar.height();
        if (it != ticks.rbegin() && std::abs(lastY - y) < 12) continue;  // labels would overlap
        lastY = y;
        painter->drawLine(QPointF(bar.right(), y), QPointF(bar.right() + 4, y));
        painter->drawText(QRectF(bar.right() + 6, y - 8, kColorBarSpace - 30, 16), Qt::AlignLeft | Qt::AlignVCenter,
                          QString::number(*it));
    }
    painter->restore();
}

QString DensityItem::describe(QPointF at) const {
    if (plot_->points) {
        const QPointF mouse = position(at.x(), at.y());
        const stats::WeightedPoint* best = nullptr;
        double bestDistance = 0;
        for (const stats::WeightedPoint& p : *plot_->points) {
            const QPointF d = position(p.x, p.y) - mouse;
            const double distance = std::hypot(d.x(), d.y());
            if (distance <= radius(p.count) + 3 && (!best || distance < bestDistance)) {
                best = &p;
                bestDistance = distance;
            }
        }
        if (!best) return {};
        return QStringLiteral("A = %1, B = %2: %3")
            .arg(QString::number(best->x, 'g', 6), QString::number(best->y, 'g', 6), usersText(best->count));
    }
    const stats::DensityGrid& g = plot_->grid;
    const auto c = g.columns.index(at.x());
    const auto r = g.rows.index(at.y());
    if (!c || !r) return {};
    QString text = QStringLiteral("A in %1, B in %2: %3")
                       .arg(range(g.columns, *c), range(g.rows, *r), usersText(g.at(*c, *r)));
    if (plot_->selected)
        if (const std::uint64_t s = plot_->selectedGrid.at(*c, *r)) text += QStringLiteral(" (%1 selected)").arg(s);
    return text;
}

} // namespace ranklab::ui
