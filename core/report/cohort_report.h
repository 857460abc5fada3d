#pragma once
// Per-cohort comparison as text: every cohort's users, the means with their
// t CIs per model and metric@k (the cohort's best marked, and flagged when
// it differs from the best over all users), and the pairwise tests.
#include <string>

#include "compare/cohort_comparison.h"
#include "report/eval_report.h"

namespace ranklab {

// Text, CSV (one row per cohort, model and metric), JSON (every digit, with
// the pairs), Markdown. LaTeX: as Markdown.
std::string formatCohorts(const CohortComparison& cohorts, TableFormat format, int digits = 4);

} // namespace ranklab
