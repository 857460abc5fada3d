#include "ui/summary/summary_export.h"

#include "report/compare_report.h"
#include "report/sampled_report.h"
#include "ui/user_file.h"

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
    return writeUserFile(path, bytes, error);
}

} // namespace ranklab::ui
