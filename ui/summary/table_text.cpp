#include "ui/summary/table_text.h"

#include <QAbstractItemModel>
#include <QFont>
#include <QStringList>

namespace ranklab::ui {
namespace {

QString header(const QAbstractItemModel& m, int column) {
    return m.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
}

QString cell(const QAbstractItemModel& m, int row, int column) {
    return m.index(row, column).data(Qt::DisplayRole).toString();
}

bool bold(const QAbstractItemModel& m, int row, int column) {
    const QVariant font = m.index(row, column).data(Qt::FontRole);
    return font.isValid() && font.value<QFont>().bold();
}

QString tsvField(QString text) {
    return text.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QString markdownField(QString text) {
    return text.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('|'), QStringLiteral("\\|"));
}

} // namespace

QString tableAsTsv(const QAbstractItemModel& m) {
    QStringList lines;
    QStringList fields;
    for (int c = 0; c < m.columnCount(); ++c) fields << tsvField(header(m, c));
    lines << fields.join(QLatin1Char('\t'));
    for (int r = 0; r < m.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < m.columnCount(); ++c) fields << tsvField(cell(m, r, c));
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString tableAsMarkdown(const QAbstractItemModel& m) {
    QStringList lines;
    QStringList fields;
    QStringList rule;
    for (int c = 0; c < m.columnCount(); ++c) {
        fields << markdownField(header(m, c));
        rule << (c == 0 ? QStringLiteral("---") : QStringLiteral("---:"));
    }
    lines << QStringLiteral("| ") + fields.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    lines << QStringLiteral("|") + rule.join(QStringLiteral("|")) + QStringLiteral("|");
    for (int r = 0; r < m.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < m.columnCount(); ++c) {
            const QString text = markdownField(cell(m, r, c));
            fields << (bold(m, r, c) ? QStringLiteral("**%1**").arg(text) : text);
        }
        lines << QStringLiteral("| ") + fields.join(QStringLiteral(" | ")) + QStringLiteral(" |");
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString tableAsHtml(const QAbstractItemModel& m) {
    QString html = QStringLiteral("<table>\n<tr>");
    for (int c = 0; c < m.columnCount(); ++c) html += QStringLiteral("<th>%1</th>").arg(header(m, c).toHtmlEscaped());
    html += QStringLiteral("</tr>\n");
    for (int r = 0; r < m.rowCount(); ++r) {
        html += QStringLiteral("<tr>");
        for (int c = 0; c < m.columnCount(); ++c) {
            QString text = cell(m, r, c).toHtmlEscaped();
            if (bold(m, r, c)) text = QStringLiteral("<b>%1</b>").arg(text);
            html += c == 0 ? QStringLiteral("<td>%1</td>").arg(text)
                           : QStringLiteral("<td align=\"right\">%1</td>").arg(text);
        }
        html += QStringLiteral("</tr>\n");
    }
    return html + QStringLiteral("</table>\n");
}

} // namespace ranklab::ui
