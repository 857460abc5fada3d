#pragma once
// A chart panel on which a drag draws a rectangle and reports it in value
// coordinates (the scatter's A and B), to select the users inside; a plain
// click (a drag of a few pixels) reports nothing. Moving the mouse over the
// chart reports the value under it (for a hover text).
#include <QRectF>

#include "ui/views/chart_panel.h"

class QRubberBand;

namespace ranklab::ui {

class ScatterPanel : public ChartPanel {
    Q_OBJECT

public:
    explicit ScatterPanel(QWidget* parent = nullptr);

    // The value rectangle between two widget positions (for tests too).
    QRectF valueRect(QPoint from, QPoint to) const;

Q_SIGNALS:
    void rectangleSelected(QRectF values);
    void hovered(QPointF value);  // the mouse moved over the plot area
    void left();                  // the mouse left it

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QRubberBand* band_;
    QPoint origin_;
    bool dragging_ = false;
};

} // namespace ranklab::ui
