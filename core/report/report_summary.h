#pragma once
// The report's first section, the page a stakeholder reads in 30 seconds:
// one sentence per model against the baseline (better on m of n metrics,
// worse on w), the key table (per metric, the winner and every model's
// difference to the baseline with its interval, the relative change and,
// when a δ is set, the practical class), the models that scored only part
// of the users, and the failing checks only (the others counted). All
// pairs (no baseline): the winner against the runner-up. Then the means
// table as the workbench's Summary shows it (its cell display honoured).
// Internal to core/report (html_report.cpp).
#include <string>
#include <vector>

#include "eval/validation.h"
#include "report/html_report.h"

namespace ranklab {

// Appends the summary section's body to `html`.
void summarySection(std::string& html, const HtmlReportInput& in);

// The findings of `report` a reader must see (warnings and errors;
// `withInfo`: the informational ones too), in order.
std::vector<const Finding*> failingFindings(const ValidationReport& report, bool withInfo);
// "48 checks ok" (with ", 3 notes" when `notes` are not listed).
std::string checksOkLine(const ValidationReport& report, bool notesListed);

// 100·diff/baselineMean; NaN when the baseline's mean is 0 or undefined.
double relativeChangePercent(double diff, double baselineMean);

} // namespace ranklab
