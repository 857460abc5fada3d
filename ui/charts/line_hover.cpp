#include "ui/charts/line_hover.h"

#include <QChart>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace ranklab::ui {

double segmentDistance(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    double t = length2 > 0 ? QPointF::dotProduct(p - a, ab) / length2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

std::optional<LineHit> nearestLine(const QChart& chart, const std::vector<QXYSeries*>& lines, const QPointF& pos,
                                   double radius) {
    std::optional<LineHit> best;
    // QChart::mapToPosition is not const but changes nothing.
    QChart& mapper = const_cast<QChart&>(chart);
    for (std::size_t l = 0; l < lines.size(); ++l) {
        QXYSeries* series = lines[l];
        if (!series || !series->isVisible() || series->count() == 0) continue;
        const QList<QPointF> points = series->points();
        QList<QPointF> drawn;
        drawn.reserve(points.size());
        for (const QPointF& p : points) drawn.append(mapper.mapToPosition(p, series));
        double distance = std::hypot(drawn[0].x() - pos.x(), drawn[0].y() - pos.y());
        for (qsizetype i = 1; i < drawn.size(); ++i)
            distance = std::min(distance, segmentDistance(pos, drawn[i - 1], drawn[i]));
        if (distance > radius || (best && distance >= best->distance)) continue;
        qsizetype nearest = 0;
        for (qsizetype i = 1; i < drawn.size(); ++i)
            if (std::abs(drawn[i].x() - pos.x()) < std::abs(drawn[nearest].x() - pos.x())) nearest = i;
        best = LineHit{l, nearest, distance};
    }
    return best;
}

} // namespace ranklab::ui
