#include "ui/charts/svg_drawing.h"

#include <QBuffer>
#include <QPainter>
#include <QRectF>
#include <QSvgGenerator>

namespace ranklab::ui {

QByteArray drawSvg(const QSizeF& size, int resolution, const QString& title, const QString& description,
                   const std::function<void(QPainter&)>& paint) {
    QSvgGenerator svg;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    svg.setOutputDevice(&buffer);
    svg.setSize(size.toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), size));
    svg.setResolution(resolution);
    svg.setTitle(title.toHtmlEscaped());
    if (!description.isEmpty()) svg.setDescription(description.toHtmlEscaped());
    QPainter painter;
    if (!painter.begin(&svg)) return {};
    paint(painter);
    painter.end();
    return buffer.data();
}

} // namespace ranklab::ui
