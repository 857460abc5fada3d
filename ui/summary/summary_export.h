#pragma once
// The summary's file exports: the comparison written by the core's report
// code (the bytes `ranklab-cli compare` writes for the same inputs), and an
// atomic write of them.
#include <QByteArray>
#include <QString>

#include "ui/evaluation_result.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/summary_format.h"

namespace ranklab::ui {

// core/report/compare_report's text of the comparison (4 decimals, the
// interval `shown`), the evaluation's settings and user counts included.
// Empty for Png or while the comparison is null.
QByteArray summaryExport(const EvaluationResult& result, SummaryFormat format, CiKind shown);

// Through common/output_file.h: a regular file is replaced whole or not at
// all, a device or FIFO written in place, a link refused. False with `error`
// ("Cannot write /x/y.csv: …") on failure.
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace ranklab::ui
