#pragma once
// The pre-flight validation report as text: the problems first (errors,
// warnings, notes), then the checks that passed, then (optionally) the
// tie-sensitivity band.
#include <string>

#include "eval/tie_sensitivity.h"
#include "eval/validation.h"
#include "report/eval_report.h"

namespace ranklab {

// Text, JSON or Markdown (CSV: one row per finding; LaTeX: as Markdown).
// `ties` may be null.
std::string formatValidation(const ValidationReport& report, const TieSensitivity* ties, TableFormat format,
                             int digits = 4);

} // namespace ranklab
