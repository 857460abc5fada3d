#include "ui/summary/displayed_table.h"

#include <QAbstractItemModel>
#include <QFont>
#include <QStringList>

#include <string>
#include <vector>

#include "report/text_table.h"
#include "ui/summary/table_text.h"

namespace ranklab::ui {
namespace {

bool bold(const QAbstractItemModel& m, int row, int column) {
    const QVariant font = m.index(row, column).data(Qt::FontRole);
    return font.isValid() && font.value<QFont>().bold();
}

QString latexTable(const QAbstractItemModel& m, const QString& caption) {
    const int columns = m.columnCount();
    QString out = QStringLiteral("\\begin{tabular}{l%1}\n\\toprule\n").arg(QString(columns - 1, QLatin1Char('r')));
    QStringList fields;
    for (int c = 0; c < columns; ++c) fields << latexCell(m.headerData(c, Qt::Horizontal).toString());
    out += fields.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n\\midrule\n");
    for (int r = 0; r < m.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < columns; ++c) {
            QString text = latexCell(m.index(r, c).data().toString());
            if (bold(m, r, c)) text = QStringLiteral("\\textbf{%1}").arg(text);
            fields << text;
        }
        out += fields.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n");
    }
    out += QStringLiteral("\\bottomrule\n");
    if (!caption.isEmpty())
        out += QStringLiteral("\\multicolumn{%1}{l}{\\footnotesize %2} \\\\\n").arg(columns).arg(latexCell(caption));
    return out + QStringLiteral("\\end{tabular}\n");
}

QString textTable(const QAbstractItemModel& m, const QString& caption) {
    std::vector<std::string> header;
    std::vector<TextTable::Align> align;
    for (int c = 0; c < m.columnCount(); ++c) {
        header.push_back(m.headerData(c, Qt::Horizontal).toString().toStdString());
        align.push_back(c == 0 ? TextTable::Align::Left : TextTable::Align::Right);
    }
    TextTable table(std::move(header), std::move(align));
    for (int r = 0; r < m.rowCount(); ++r) {
        std::vector<std::string> cells;
        for (int c = 0; c < m.columnCount(); ++c) cells.push_back(m.index(r, c).data().toString().toStdString());
        table.addRow(std::move(cells));
    }
    QString out = QString::fromStdString(table.render());
    if (!caption.isEmpty()) out += caption + QLatin1Char('\n');
    return out;
}

} // namespace

QString latexCell(const QString& text) {
    QString out;
    for (const QChar ch : text) {
        switch (ch.unicode()) {
        case '\\': out += QStringLiteral("\\textbackslash{}"); break;
        case '&': case '%': case '#': case '_': case '{': case '}': case '$':
            out += QLatin1Char('\\') + ch;
            break;
        case 0x25B2: out += QStringLiteral("$\\blacktriangle$"); break;      // ▲
        case 0x25BC: out += QStringLiteral("$\\blacktriangledown$"); break;  // ▼
        case 0x00B1: out += QStringLiteral("$\\pm$"); break;
        case 0x0394: out += QStringLiteral("$\\Delta$"); break;
        case 0x2212: out += QStringLiteral("$-$"); break;  // minus sign
        case 0x00B7: out += QStringLiteral("$\\cdot$"); break;
        case 0x2265: out += QStringLiteral("$\\geq$"); break;
        case 0x2013: out += QStringLiteral("--"); break;
        default: out += ch;
        }
    }
    return out;
}

QString displayedTable(const QAbstractItemModel& m, DisplayedTableFormat format, const QString& caption) {
    if (m.columnCount() == 0) return {};
    switch (format) {
    case DisplayedTableFormat::Markdown:
        return tableAsMarkdown(m) + (caption.isEmpty() ? QString() : QLatin1Char('\n') + caption + QLatin1Char('\n'));
    case DisplayedTableFormat::Latex:
        return latexTable(m, caption);
    case DisplayedTableFormat::Text:
        return textTable(m, caption);
    }
    return {};
}

} // namespace ranklab::ui
