#include "ui/views/scatter_panel.h"

#include <QChart>
#include <QMouseEvent>
#include <QRubberBand>

namespace ranklab::ui {

ScatterPanel::ScatterPanel(QWidget* parent) : ChartPanel(parent), band_(new QRubberBand(QRubberBand::Rectangle, this)) {
    setRubberBand(QChartView::NoRubberBand);  // a drag selects; it does not zoom
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
}

QRectF ScatterPanel::valueRect(QPoint from, QPoint to) const {
    QChart* c = chart();
    const QPointF a = c->mapToValue(c->mapFromScene(mapToScene(from)));
    const QPointF b = c->mapToValue(c->mapFromScene(mapToScene(to)));
    return QRectF(a, b).normalized();
}

void ScatterPanel::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !hasChart()) return ChartPanel::mousePressEvent(event);
    origin_ = event->pos();
    dragging_ = true;
    band_->setGeometry(QRect(origin_, QSize()));
    band_->show();
}

void ScatterPanel::mouseMoveEvent(QMouseEvent* event) {
    if (!dragging_) {
        ChartPanel::mouseMoveEvent(event);
        if (!hasChart()) return;
        QChart* c = chart();
        const QPointF at = c->mapFromScene(mapToScene(event->pos()));
        if (c->plotArea().contains(at)) Q_EMIT hovered(c->mapToValue(at));
        else Q_EMIT left();
        return;
    }
    band_->setGeometry(QRect(origin_, event->pos()).normalized());
}

void ScatterPanel::leaveEvent(QEvent* event) {
    ChartPanel::leaveEvent(event);
    Q_EMIT left();
}

void ScatterPanel::mouseReleaseEvent(QMouseEvent* event) {
    if (!dragging_) return ChartPanel::mouseReleaseEvent(event);
    dragging_ = false;
    band_->hide();
    if ((event->pos() - origin_).manhattanLength() < 4) return;
    Q_EMIT rectangleSelected(valueRect(origin_, event->pos()));
}

} // namespace ranklab::ui
