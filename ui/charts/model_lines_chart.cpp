#include "ui/charts/model_lines_chart.h"

#include <QAreaSeries>
#include <QCursor>
#include <QGraphicsSceneHoverEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QToolTip>

#include <optional>

#include "ui/charts/line_hover.h"

namespace ranklab::ui {

QLineSeries* ModelLinesChart::modelSeries(std::size_t model) const {
    return model < lines_.size() ? lines_[model] : nullptr;
}

QAreaSeries* ModelLinesChart::bandSeries(std::size_t model) const {
    return model < bands_.size() ? bands_[model] : nullptr;
}

bool ModelLinesChart::isModelShown(std::size_t model) const {
    return model < lines_.size() && lines_[model] && lines_[model]->isVisible();
}

void ModelLinesChart::setModelShown(std::size_t model, bool shown) {
    QLineSeries* line = modelSeries(model);
    if (!line) return;
    line->setVisible(shown);
    if (QAreaSeries* band = bandSeries(model)) {
        band->setVisible(shown);
        for (QLegendMarker* marker : legend()->markers(band)) marker->setVisible(false);
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
    modelsShownChanged();
}

void ModelLinesChart::resetModels(std::size_t models) {
    lines_.assign(models, nullptr);
    bands_.assign(models, nullptr);
}

void ModelLinesChart::addModelLine(std::size_t model, QLineSeries* line, const QColor& color, QAbstractAxis* x,
                                   QAbstractAxis* y) {
    line->setPen(QPen(color, 2.2));
    addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
    lines_.at(model) = line;
    // On the stroke itself the line gets the hover, not the chart.
    connect(line, &QLineSeries::hovered, this, [this, line](const QPointF& at, bool entered) {
        if (entered) showHover(mapToPosition(at, line), QCursor::pos());
        else QToolTip::hideText();
    });
}

QAreaSeries* ModelLinesChart::addModelBand(std::size_t model, const QList<QPointF>& lower, const QList<QPointF>& upper,
                                           const QString& name, const QColor& color, int alpha, QAbstractAxis* x,
                                           QAbstractAxis* y) {
    if (lower.isEmpty()) return nullptr;
    auto* lowerLine = new QLineSeries(this);
    auto* upperLine = new QLineSeries(this);
    lowerLine->append(lower);
    upperLine->append(upper);
    auto* area = new QAreaSeries(upperLine, lowerLine);
    area->setName(name);
    QColor fill = color;
    fill.setAlpha(alpha);
    area->setBrush(fill);
    area->setPen(Qt::NoPen);
    addSeries(area);
    area->attachAxis(x);
    area->attachAxis(y);
    bands_.at(model) = area;
    return area;
}

QScatterSeries* ModelLinesChart::addMarks(const QString& name, QScatterSeries::MarkerShape shape, qreal size,
                                          QAbstractAxis* x, QAbstractAxis* y) {
    auto* marks = new QScatterSeries;
    marks->setName(name);
    marks->setMarkerShape(shape);
    marks->setMarkerSize(size);
    marks->setColor(Qt::white);
    marks->setBorderColor(QColor(0x20, 0x20, 0x20));
    marks->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.6));
    addSeries(marks);
    marks->attachAxis(x);
    marks->attachAxis(y);
    return marks;
}

void ModelLinesChart::connectLegend() {
    for (std::size_t m = 0; m < lines_.size(); ++m) {
        if (bands_[m])
            for (QLegendMarker* marker : legend()->markers(bands_[m])) marker->setVisible(false);
        if (!lines_[m]) continue;
        for (QLegendMarker* marker : legend()->markers(lines_[m]))
            connect(marker, &QLegendMarker::clicked, this, [this, m] { setModelShown(m, !isModelShown(m)); });
    }
    legend()->setAlignment(Qt::AlignBottom);
}

QString ModelLinesChart::hoverTextAt(const QPointF& pos) const {
    const std::vector<QXYSeries*> lines(lines_.begin(), lines_.end());
    const std::optional<LineHit> hit = nearestLine(*this, lines, pos);
    if (!hit) return {};
    return pointHoverText(hit->line, lines_[hit->line]->at(hit->point));
}

void ModelLinesChart::showHover(const QPointF& pos, const QPoint& screen) {
    const QString text = hoverTextAt(pos);
    if (text.isEmpty()) {
        QToolTip::hideText();
        return;
    }
    lastHover_ = text;
    QToolTip::showText(screen, text);
}

void ModelLinesChart::hoverMoveEvent(QGraphicsSceneHoverEvent* event) {
    showHover(event->pos(), event->screenPos());
    QChart::hoverMoveEvent(event);
}

void ModelLinesChart::hoverLeaveEvent(QGraphicsSceneHoverEvent* event) {
    QToolTip::hideText();
    QChart::hoverLeaveEvent(event);
}

} // namespace ranklab::ui
