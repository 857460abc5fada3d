#include "ui/summary/table_image.h"

#include <QHeaderView>
#include <QPainter>
#include <QTableView>
#include <QTextDocument>

namespace ranklab::ui {

QImage renderTableImage(QAbstractItemModel* model, const QString& caption, qreal scale) {
    QTableView table;
    table.setModel(model);
    table.verticalHeader()->hide();
    table.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table.setFrameShape(QFrame::NoFrame);
    table.horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table.resizeRowsToContents();
    table.ensurePolished();
    const int width = table.horizontalHeader()->length();
    const int height = table.horizontalHeader()->sizeHint().height() + table.verticalHeader()->length();
    if (width <= 0 || model->rowCount() == 0) return {};
    table.resize(width, height);

    QTextDocument note;
    note.setDefaultFont(table.font());
    note.setHtml(caption);
    note.setTextWidth(width);
    const int margin = 8;
    const int noteHeight = caption.isEmpty() ? 0 : int(note.size().height()) + margin;

    QImage image(QSize(width + 2 * margin, height + noteHeight + 2 * margin) * scale, QImage::Format_ARGB32);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    table.render(&painter, QPoint(margin, margin));
    if (noteHeight) {
        painter.translate(margin, margin + height + margin);
        note.drawContents(&painter);
    }
    painter.end();
    return image;
}

} // namespace ranklab::ui
