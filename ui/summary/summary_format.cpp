#include "ui/summary/summary_format.h"

#include <QFileInfo>

namespace ranklab::ui {

QString fileSuffix(SummaryFormat format) {
    switch (format) {
    case SummaryFormat::Csv: return QStringLiteral("csv");
    case SummaryFormat::Markdown: return QStringLiteral("md");
    case SummaryFormat::Latex: return QStringLiteral("tex");
    case SummaryFormat::Json: return QStringLiteral("json");
    case SummaryFormat::Text: return QStringLiteral("txt");
    case SummaryFormat::Png: return QStringLiteral("png");
    }
    return {};
}

std::optional<SummaryFormat> formatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("markdown")) return SummaryFormat::Markdown;
    for (SummaryFormat f : {SummaryFormat::Csv, SummaryFormat::Markdown, SummaryFormat::Latex, SummaryFormat::Json,
                            SummaryFormat::Text, SummaryFormat::Png})
        if (suffix == fileSuffix(f)) return f;
    return std::nullopt;
}

QString fileFilter(SummaryFormat format) {
    switch (format) {
    case SummaryFormat::Csv: return QStringLiteral("CSV (*.csv)");
    case SummaryFormat::Markdown: return QStringLiteral("Markdown (*.md)");
    case SummaryFormat::Latex: return QStringLiteral("LaTeX, booktabs (*.tex)");
    case SummaryFormat::Json: return QStringLiteral("JSON (*.json)");
    case SummaryFormat::Text: return QStringLiteral("Text table (*.txt)");
    case SummaryFormat::Png: return QStringLiteral("PNG image (*.png)");
    }
    return {};
}

} // namespace ranklab::ui
