#pragma once
// The line under the summary table that says what the numbers are: users
// evaluated (and those only in runs or only in the ground truth), the tie
// and users policies, what the cells, bold and ▲/▼ mean, and whether the
// significance is still being computed.
#include <QString>

#include "ui/evaluation_result.h"
#include "ui/summary/comparison_table_model.h"

namespace ranklab::ui {

QString summaryNote(const EvaluationResult& result, CiKind ciKind);

} // namespace ranklab::ui
