#include "ui/report/combined_forest.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

#include "ui/charts/model_look.h"
#include "ui/charts/svg_drawing.h"

namespace ranklab::ui {
namespace {

constexpr double kRow = 19, kGroupHead = 20, kTitle = 26, kAxis = 44, kLegend = 22;

QFont font(int pixels, bool bold = false) {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(pixels);  // pixels of the 96-dpi layout, as the charts' captions
    f.setBold(bold);
    return f;
}

QString number(double x, int decimals, bool sign = true) {
    if (!std::isfinite(x)) return QStringLiteral("–");
    QString s = QString::number(x, 'f', decimals);
    if (!s.contains(QRegularExpression(QStringLiteral("[1-9]")))) return QString::number(0.0, 'f', decimals);
    if (s.startsWith(QLatin1Char('-'))) return QStringLiteral("−") + s.mid(1);
    return sign ? QStringLiteral("+") + s : s;
}

// A round step giving about `ticks` ticks over `span`.
double niceStep(double span, int ticks) {
    const double raw = span / ticks, magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (raw <= f * magnitude) return f * magnitude;
    return 10 * magnitude;
}

} // namespace

CombinedForest combinedForest(const stats::Comparison& c, const QList<ModelLook>& looks, CiKind interval, bool percent) {
    CombinedForest forest;
    if (!c.options.baseline || c.models.size() < 2) return forest;
    const std::size_t base = *c.options.baseline;
    const QString baseName = QString::fromStdString(c.models[base]);
    const QString level = QString::number(100 * c.options.level, 'f', 0) + QLatin1Char('%');
    const bool bootstrap = interval == CiKind::Bootstrap;
    forest.percent = percent;
    forest.title = QStringLiteral("Difference to the baseline %1 (model − %1), %2 %3 interval")
                       .arg(baseName, level, bootstrap ? QStringLiteral("bootstrap") : QStringLiteral("t"));
    forest.axisTitle = percent ? QStringLiteral("Δ, % of the baseline's mean") : QStringLiteral("Δ (model − baseline)");
    for (std::size_t i = 0; i < c.metricIds.size(); ++i) {
        CombinedForestGroup group;
        group.metric = QString::fromStdString(c.metricIds[i]);
        const double baseMean = c.means[base][i].moments.mean;
        const double scale = percent ? (std::isfinite(baseMean) && baseMean != 0 ? 100.0 / baseMean : stats::kNaN) : 1.0;
        for (std::size_t m = 0; m < c.models.size(); ++m) {
            if (m == base) continue;
            const stats::PairComparison* p = c.find(m, base, c.metrics[i]);
            if (!p) continue;
            const double sign = p->a == m ? 1.0 : -1.0;
            double lo = p->ciT.lo, hi = p->ciT.hi;
            if (bootstrap && p->ciBootstrap) {
                lo = p->ciBootstrap->lo;
                hi = p->ciBootstrap->hi;
            }
            if (sign < 0) {
                const double flippedLo = -hi;
                hi = -lo;
                lo = flippedLo;
            }
            CombinedForestRow row;
            const ModelLook look = lookOf(looks, m, QString::fromStdString(c.models[m]));
            row.model = look.name;
            row.color = look.color;
            const double diff = sign * p->meanDiff;
            row.diff = diff * scale;
            row.lo = lo * scale;
            row.hi = hi * scale;
            row.significant = !p->tests.empty() && p->tests.front().significant;
            const double pct = std::isfinite(baseMean) && baseMean != 0 ? 100.0 * diff / baseMean : stats::kNaN;
            row.numbers = QStringLiteral("%1 [%2, %3]  %4%").arg(number(diff, 4), number(lo, 4), number(hi, 4), number(pct, 1));
            if (p->practical) {
                row.numbers += QStringLiteral("  ") + QString::fromUtf8(toString(p->practical->practicalClass));
                group.band = p->practical->delta * std::abs(scale);
            }
            group.rows.push_back(std::move(row));
        }
        if (!group.rows.empty()) forest.groups.push_back(std::move(group));
    }
    return forest;
}

double combinedForestHeight(const CombinedForest& f, double) {
    double h = kTitle + kAxis + kLegend + 6;
    for (const CombinedForestGroup& g : f.groups) h += kGroupHead + kRow * double(g.rows.size());
    return h;
}

void paintCombinedForest(QPainter& p, const QRectF& box, const CombinedForest& f) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(box, Qt::white);
    const QFont small = font(11), normal = font(12), bold = font(12, true), title = font(13, true);
    // Columns: labels, plot, numbers.
    double numbersWidth = 0;
    const QFontMetricsF numbersMetrics(small);
    for (const CombinedForestGroup& g : f.groups)
        for (const CombinedForestRow& r : g.rows) numbersWidth = std::max(numbersWidth, numbersMetrics.horizontalAdvance(r.numbers));
    double labelWidth = 0;
    const QFontMetricsF labelMetrics(bold);
    for (const CombinedForestGroup& g : f.groups) {
        labelWidth = std::max(labelWidth, labelMetrics.horizontalAdvance(g.metric));
        for (const CombinedForestRow& r : g.rows) labelWidth = std::max(labelWidth, 22 + QFontMetricsF(normal).horizontalAdvance(r.model));
    }
    labelWidth = std::min(labelWidth + 12, box.width() * 0.28);
    numbersWidth = std::min(numbersWidth + 12, box.width() * 0.4);
    const double plotLeft = box.left() + labelWidth, plotRight = box.right() - numbersWidth - 8;
    const double top = box.top() + kTitle;
    double bottom = top;
    for (const CombinedForestGroup& g : f.groups) bottom += kGroupHead + kRow * double(g.rows.size());

    // The shared axis: every interval, zero and every band.
    double lo = 0, hi = 0;
    for (const CombinedForestGroup& g : f.groups) {
        if (std::isfinite(g.band)) lo = std::min(lo, -g.band), hi = std::max(hi, g.band);
        for (const CombinedForestRow& r : g.rows)
            for (double v : {r.lo, r.hi, r.diff})
                if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (hi - lo <= 0) hi = lo + 1;
    const double step = niceStep(hi - lo, 6);
    lo = std::floor(lo / step - 0.25) * step;
    hi = std::ceil(hi / step + 0.25) * step;
    const auto x = [&](double v) { return plotLeft + (v - lo) / (hi - lo) * (plotRight - plotLeft); };

    p.setPen(QColor(0x22, 0x22, 0x22));
    p.setFont(title);
    p.drawText(QRectF(box.left(), box.top(), box.width(), kTitle - 4), Qt::AlignLeft | Qt::AlignVCenter, f.title);

    // Grid and ticks.
    p.setFont(small);
    for (double t = lo; t <= hi + step / 2; t += step) {
        const double tx = x(t);
        p.setPen(QPen(QColor(0xe2, 0xe2, 0xe2), 1));
        p.drawLine(QPointF(tx, top), QPointF(tx, bottom));
        p.setPen(QColor(0x44, 0x44, 0x44));
        const QString label = f.percent ? number(t, step < 1 ? 1 : 0) + QLatin1Char('%') : number(t, step < 0.01 ? 3 : 2);
        p.drawText(QRectF(tx - 40, bottom + 3, 80, 16), Qt::AlignHCenter | Qt::AlignTop, label);
    }
    p.setFont(normal);
    p.drawText(QRectF(plotLeft, bottom + 20, plotRight - plotLeft, 18), Qt::AlignHCenter | Qt::AlignTop, f.axisTitle);

    double y = top;
    for (std::size_t gi = 0; gi < f.groups.size(); ++gi) {
        const CombinedForestGroup& g = f.groups[gi];
        const double groupBottom = y + kGroupHead + kRow * double(g.rows.size());
        if (gi % 2 == 1) p.fillRect(QRectF(box.left(), y, box.width(), groupBottom - y), QColor(0xf7, 0xf7, 0xf7));
        if (std::isfinite(g.band) && g.band > 0)
            p.fillRect(QRectF(QPointF(x(-g.band), y + kGroupHead - 2), QPointF(x(g.band), groupBottom - 2)),
                       QColor(0x2e, 0x8b, 0x57, 40));
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.setFont(bold);
        p.drawText(QRectF(box.left() + 2, y, labelWidth, kGroupHead), Qt::AlignLeft | Qt::AlignVCenter, g.metric);
        y += kGroupHead;
        for (const CombinedForestRow& r : g.rows) {
            const double cy = y + kRow / 2 - 1;
            p.setFont(normal);
            p.setPen(QColor(0x33, 0x33, 0x33));
            p.drawText(QRectF(box.left() + 16, y, labelWidth - 16, kRow), Qt::AlignLeft | Qt::AlignVCenter,
                       QFontMetricsF(normal).elidedText(r.model, Qt::ElideRight, labelWidth - 20));
            if (std::isfinite(r.lo) && std::isfinite(r.hi)) {
                p.setPen(QPen(r.color, 1.6));
                p.drawLine(QPointF(x(r.lo), cy), QPointF(x(r.hi), cy));
                p.drawLine(QPointF(x(r.lo), cy - 4), QPointF(x(r.lo), cy + 4));
                p.drawLine(QPointF(x(r.hi), cy - 4), QPointF(x(r.hi), cy + 4));
            }
            if (std::isfinite(r.diff)) {
                p.setPen(QPen(r.color, 1.8));
                p.setBrush(r.significant ? QBrush(r.color) : QBrush(Qt::white));
                p.drawEllipse(QPointF(x(r.diff), cy), 4.5, 4.5);
                p.setBrush(Qt::NoBrush);
            }
            p.setFont(small);
            p.setPen(QColor(0x33, 0x33, 0x33));
            p.drawText(QRectF(plotRight + 10, y, numbersWidth, kRow), Qt::AlignLeft | Qt::AlignVCenter, r.numbers);
            y += kRow;
        }
    }
    // Zero, over the rows.
    p.setPen(QPen(QColor(0x55, 0x55, 0x55), 1.2, Qt::DashLine));
    p.drawLine(QPointF(x(0), top), QPointF(x(0), bottom));
    p.setPen(QPen(QColor(0x99, 0x99, 0x99), 1));
    p.drawLine(QPointF(plotLeft, bottom), QPointF(plotRight, bottom));

    // Legend.
    const double ly = bottom + kAxis;
    p.setFont(small);
    p.setPen(QPen(QColor(0x44, 0x44, 0x44), 1.5));
    p.setBrush(QColor(0x44, 0x44, 0x44));
    p.drawEllipse(QPointF(box.left() + 8, ly + 8), 4, 4);
    p.setBrush(Qt::white);
    p.drawEllipse(QPointF(box.left() + 168, ly + 8), 4, 4);
    p.setBrush(Qt::NoBrush);
    p.drawText(QRectF(box.left() + 16, ly, 150, 16), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("significant"));
    p.drawText(QRectF(box.left() + 176, ly, 150, 16), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("not significant"));
    bool anyBand = false;
    for (const CombinedForestGroup& g : f.groups) anyBand = anyBand || std::isfinite(g.band);
    if (anyBand) {
        p.fillRect(QRectF(box.left() + 300, ly + 3, 20, 10), QColor(0x2e, 0x8b, 0x57, 40));
        p.drawText(QRectF(box.left() + 326, ly, 260, 16), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("±δ, the smallest difference that matters"));
    }
    p.restore();
}

QByteArray combinedForestSvg(const CombinedForest& forest, double width) {
    const QSizeF size(width, combinedForestHeight(forest, width));
    return drawSvg(size, 96, forest.title, QString(),
                   [&](QPainter& painter) { paintCombinedForest(painter, QRectF(QPointF(0, 0), size), forest); });
}

} // namespace ranklab::ui
