#pragma once
// The report as a paginated PDF (Qt's PDF writer, no browser): A4 pages
// flowing the title with a contents line (each section's page), then every
// section in order, its heading and text (QTextDocument, a table wider than
// the page scaled to fit) and its figures under it as vectors (a heading
// never left at the foot of a page without what follows), the summary first
// and the manifest last, as an appendix on its own page. The manifest also
// goes into the document's XMP metadata.
#include <string>

#include "report/html_report.h"
#include "ui/report/report_charts.h"

namespace ranklab::ui {

// Writes atomically; throws Error naming `path` when it cannot. Returns the
// number of pages.
int writePdfReport(HtmlReportInput input, ReportCharts& charts, const std::string& path);

} // namespace ranklab::ui
