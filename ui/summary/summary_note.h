#pragma once
// The line under the summary table that says what the numbers are: users
// evaluated (and those only in runs or only in the ground truth), the tie
// and users policies, what the cells, bold and ▲/▼ mean, and whether the
// significance is still being computed.
#include <QString>

#include "ui/evaluation_result.h"
#include "ui/summary/comparison_table_model.h"

namespace ranklab::ui {

// `display`: what the cells show (the table model's shownDisplay()).
QString summaryNote(const EvaluationResult& result, CiKind ciKind, CellDisplay display = CellDisplay::Mean);

// Plain text: what each cell is ("cells: Δ = model − broad ± half-width of
// its 95% paired t CI; the baseline row: its mean"); empty without a
// comparison.
QString cellsInWords(const EvaluationResult& result, CiKind ciKind, CellDisplay display);

} // namespace ranklab::ui
