#pragma once
// Drawing an SVG document in memory (a chart's export, the report's combined
// forest plot): a QSvgGenerator over a buffer, `size` both its size and its
// view box, titled and described, and a painter on it.
#include <QByteArray>
#include <QSizeF>
#include <QString>

#include <functional>

class QPainter;

namespace ranklab::ui {

// The SVG `paint` draws on a `size` page at `resolution` dots per inch;
// `title` and `description` (none when empty) are escaped here, since
// QSvgGenerator writes them as they are. Empty when the painter cannot start.
QByteArray drawSvg(const QSizeF& size, int resolution, const QString& title, const QString& description,
                   const std::function<void(QPainter&)>& paint);

} // namespace ranklab::ui
