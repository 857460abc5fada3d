#pragma once
// The report as a paginated PDF (Qt's PDF writer, no browser): the text
// sections (summary, checks, beyond, definitions, manifest) laid out by
// QTextDocument over A4 pages, then one landscape-sized chart a page. The
// manifest also goes into the document's XMP metadata.
#include <string>

#include "report/html_report.h"
#include "ui/report/report_charts.h"

namespace ranklab::ui {

// Writes atomically; throws Error naming `path` when it cannot. Returns the
// number of pages.
int writePdfReport(HtmlReportInput input, ReportCharts& charts, const std::string& path);

} // namespace ranklab::ui
