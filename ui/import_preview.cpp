#include "ui/import_preview.h"

#include <QHeaderView>
#include <QRegularExpression>
#include <QStringList>
#include <QTableWidget>

namespace ranklab::ui {
namespace {

QStringList splitLine(const QString& line, Separator separator) {
    switch (separator) {
    case Separator::Tab: return line.split(QLatin1Char('\t'));
    case Separator::Comma: return line.split(QLatin1Char(','));
    default: {
        static const QRegularExpression blanks(QStringLiteral("\\s+"));
        return line.trimmed().split(blanks, Qt::SkipEmptyParts);
    }
    }
}

QString columnMeaning(const ResolvedFormat& format, Role role, int column) {
    if (column == format.userColumn) return QStringLiteral("user");
    if (column == format.itemColumn) return QString::fromLatin1(keyName(role));
    if (column == format.valueColumn) return QString::fromLatin1(valueName(role));
    return QStringLiteral("(unused)");
}

} // namespace

void fillImportPreview(QTableWidget* table, std::string_view sample, const ResolvedFormat& format, Role role,
                       int maxRows) {
    table->clear();
    table->setRowCount(0);
    table->setColumnCount(0);
    if (format.kind == FormatKind::Json) return;  // not a table of lines
    const Separator separator = format.kind == FormatKind::Trec ? Separator::Whitespace : format.separator;
    QList<QStringList> rows;
    bool headerSkipped = !format.header;
    for (const QString& line : QString::fromUtf8(sample.data(), qsizetype(sample.size())).split(QLatin1Char('\n'))) {
        QString l = line;
        if (l.endsWith(QLatin1Char('\r'))) l.chop(1);
        if (l.trimmed().isEmpty() || (format.comments && l.startsWith(QLatin1Char('#')))) continue;
        if (!headerSkipped) {
            headerSkipped = true;
            continue;
        }
        rows.append(splitLine(l, separator));
        if (rows.size() >= maxRows) break;
    }
    int columns = int(format.fieldCount);
    for (const QStringList& r : rows) columns = std::max(columns, int(r.size()));
    table->setColumnCount(columns);
    table->setRowCount(int(rows.size()));
    QStringList headers;
    for (int c = 0; c < columns; ++c) {
        QString name = c < int(format.headerFields.size()) ? QString::fromStdString(format.headerFields[std::size_t(c)])
                                                           : QString::number(c);
        const QString meaning = columnMeaning(format, role, c);
        headers << (meaning == name ? meaning : QStringLiteral("%1\n%2").arg(meaning, name));
    }
    table->setHorizontalHeaderLabels(headers);
    for (int r = 0; r < rows.size(); ++r)
        for (int c = 0; c < rows[r].size(); ++c) table->setItem(r, c, new QTableWidgetItem(rows[r][c]));
    table->resizeColumnsToContents();
    table->resizeRowsToContents();
}

} // namespace ranklab::ui
