#pragma once
// Any table model's displayed text as TSV, Markdown or an HTML table, rows
// in the model's (e.g. a sort proxy's) order, headers first: what "copy as
// text" puts on the clipboard.
#include <QString>

class QAbstractItemModel;

namespace ranklab::ui {

QString tableAsTsv(const QAbstractItemModel& model);
QString tableAsMarkdown(const QAbstractItemModel& model);
// Bold cells (FontRole) stay bold.
QString tableAsHtml(const QAbstractItemModel& model);

} // namespace ranklab::ui
