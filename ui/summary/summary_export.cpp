#include "ui/summary/summary_export.h"

#include <QSaveFile>

#include "report/compare_report.h"
#include "report/sampled_report.h"

namespace ranklab::ui {

QByteArray summaryExport(const EvaluationResult& result, SummaryFormat format, CiKind shown) {
    if (!result.evaluation || !result.comparison) return {};
    TableFormat table = TableFormat::Text;
    switch (format) {
    case SummaryFormat::Csv: table = TableFormat::Csv; break;
    case SummaryFormat::Markdown: table = TableFormat::Markdown; break;
    case SummaryFormat::Latex: table = TableFormat::Latex; break;
    case SummaryFormat::Json: table = TableFormat::Json; break;
    case SummaryFormat::Text: table = TableFormat::Text; break;
    case SummaryFormat::Png: return {};
    }
    ComparisonReportOptions options;
    options.interval = shown == CiKind::Bootstrap ? ShownInterval::Bootstrap
                       : shown == CiKind::None    ? ShownInterval::None
                                                  : ShownInterval::T;
    options.context = ComparisonContext::of(*result.evaluation);
    std::string report = formatComparison(*result.comparison, table, options);
    // The sampled-protocol estimates, as `ranklab-cli compare --sampled` adds them.
    if (result.sampled) report = withSampledSection(std::move(report), table, *result.sampled, options.digits);
    return QByteArray::fromStdString(report);
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error) *error = QStringLiteral("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace ranklab::ui
