#pragma once
// The tie-sensitivity band as text: per model and metric@k the mean under the
// chosen policy, optimistic and pessimistic, the band width, and the shares
// of averaged users whose value ties change and whose top k holds a tie.
#include <string>

#include "eval/tie_sensitivity.h"
#include "report/eval_report.h"

namespace ranklab {

// Text, CSV, JSON, Markdown (LaTeX: as Markdown).
std::string formatTieSensitivity(const TieSensitivity& ties, TableFormat format, int digits = 4);

} // namespace ranklab
