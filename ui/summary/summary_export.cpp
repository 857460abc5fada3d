#include "ui/summary/summary_export.h"

#include "report/compare_report.h"
#include "study/study_text.h"
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
    // The report `ranklab-cli compare` prints, by the same function: the
    // comparison, the set-level bootstrap, the sampled estimates and each
    // repeated model's runs.
    const std::string report =
        study::formatComparedStudy(*result.evaluation, *result.comparison, result.setLevel.get(),
                                   result.spreads.get(), table, options, result.sampled.get());
    return QByteArray::fromStdString(report);
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    return writeUserFile(path, bytes, error);
}

} // namespace ranklab::ui
