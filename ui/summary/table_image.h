#pragma once
// A picture of a whole table (every row and column, not just what a
// scrolled view shows) with a caption under it: "copy as image".
#include <QImage>
#include <QString>

class QAbstractItemModel;

namespace ranklab::ui {

// `caption` is rich text, wrapped to the table's width. `scale` multiplies
// the pixel density (2: crisp on slides).
QImage renderTableImage(QAbstractItemModel* model, const QString& caption, qreal scale = 2.0);

} // namespace ranklab::ui
