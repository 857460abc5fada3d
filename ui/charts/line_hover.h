#pragma once
// Hovering a line chart by distance, not by the 2-px stroke: the line whose
// drawn segments pass nearest the cursor, within a radius in pixels, and the
// data point of it nearest the cursor along x. The charts call it from their
// hover handler, so a line is easy to hit at any width.
#include <QPointF>

#include <cstddef>
#include <optional>
#include <vector>

class QChart;
class QXYSeries;

namespace ranklab::ui {

inline constexpr double kHoverRadius = 8.0;  // pixels

struct LineHit {
    std::size_t line = 0;   // index into the lines given
    qsizetype point = 0;    // the series point nearest the cursor along x
    double distance = 0;    // pixels from the cursor to the line
};

// Distance from `p` to the segment a–b.
double segmentDistance(const QPointF& p, const QPointF& a, const QPointF& b);

// `pos` in `chart` item coordinates. Null entries and hidden series are
// skipped. None when no line passes within `radius` pixels.
std::optional<LineHit> nearestLine(const QChart& chart, const std::vector<QXYSeries*>& lines, const QPointF& pos,
                                   double radius = kHoverRadius);

} // namespace ranklab::ui
