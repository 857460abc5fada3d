#pragma once
// The critical-difference diagram (Demšar 2006) of one metric column: an
// average-rank axis from 1 (best, at the left) to k, every model's average
// rank marked on it with a leader line to its label (the better half to
// the left, the worse half to the right, so no lines cross), a bar of the
// Nemenyi critical difference above the axis, and thick bars under it
// joining each clique of models no further apart than CD (not significantly
// different). Drawn as graphics items of the chart laid out in pixels
// whenever the chart is resized (the chart has no series or axes), so the
// print theme, exports and the screen show the same drawing.
#include <QChart>
#include <QList>
#include <QString>

#include <cstddef>
#include <vector>

#include "compare/critical_difference.h"
#include "ui/evaluation_result.h"

class QGraphicsLineItem;
class QGraphicsPathItem;
class QGraphicsSimpleTextItem;

namespace ranklab::ui {

class CriticalDifferenceChart : public QChart {
    Q_OBJECT
public:
    // `looks` by evaluation model index (d.models maps positions to them).
    CriticalDifferenceChart(stats::CriticalDifference d, const QString& metricId, const QList<ModelLook>& looks,
                            QGraphicsItem* parent = nullptr);

    const stats::CriticalDifference& diagram() const { return d_; }
    QString description() const { return description_; }

    // Position p's (see diagram().models) label "name (rank)" and leader line.
    QGraphicsSimpleTextItem* label(std::size_t position) const { return labels_.at(position); }
    QGraphicsPathItem* leader(std::size_t position) const { return leaders_.at(position); }
    // One bar per clique, in diagram().cliques order.
    const std::vector<QGraphicsLineItem*>& cliqueBars() const { return cliqueBars_; }
    QGraphicsLineItem* cdBar() const { return cdBar_; }
    QGraphicsSimpleTextItem* cdLabel() const { return cdLabel_; }
    QGraphicsLineItem* axisLine() const { return axis_; }
    // The axis' numbers 1..k above their ticks.
    const std::vector<QGraphicsSimpleTextItem*>& tickLabels() const { return tickLabels_; }
    // The x (chart coordinates) of an average rank on the axis.
    double rankX(double rank) const;

    // Lays the items out for the chart's current size (also done on every resize).
    void layoutItems();

private:
    stats::CriticalDifference d_;
    QString description_;
    std::vector<QGraphicsSimpleTextItem*> labels_;
    std::vector<QGraphicsPathItem*> leaders_;
    std::vector<QGraphicsLineItem*> cliqueBars_;
    std::vector<QGraphicsLineItem*> ticks_;
    std::vector<QGraphicsSimpleTextItem*> tickLabels_;
    QGraphicsLineItem* axis_ = nullptr;
    QGraphicsLineItem* cdBar_ = nullptr;
    QGraphicsLineItem* cdEnds_[2] = {nullptr, nullptr};
    QGraphicsSimpleTextItem* cdLabel_ = nullptr;
    double axisLeft_ = 0, axisRight_ = 1;
};

} // namespace ranklab::ui
