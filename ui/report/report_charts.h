#pragma once
// The report's charts: the workbench's chart classes built from the
// report's results (report/report_results.h), rendered to SVG for the HTML
// and kept for the PDF's pages. Shared by `ranklab-cli report` (in
// ranklab-plot) and File → Export Report…; runs on the GUI thread.
#include <QChart>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "report/html_report.h"
#include "report/report_results.h"
#include "ui/evaluation_result.h"
#include "ui/report/combined_forest.h"

namespace ranklab::ui {

// One figure of the PDF, drawn under its section's text: a chart of the
// workbench, or the combined forest plot.
struct ChartPage {
    std::string section;  // of reportSections()
    std::unique_ptr<QChart> chart;
    std::shared_ptr<const CombinedForest> forest;
    QString caption;
};

struct ReportCharts {
    std::vector<HtmlChart> forest, cd, curves, ranks, cohorts, ties;
    std::vector<ChartPage> pages;  // every figure, in section order
};

// The charts of the chosen sections; a QApplication is made if there is none.
// `looks`: the models' names and colours (the workbench's; every model is
// drawn); empty: the dataset's names in the palette's colours. `display`:
// the Summary's cell display; "delta_percent" puts the forest plot's axis
// in % of the baseline's mean.
ReportCharts renderReportCharts(const ReportResults& results, const std::vector<std::string>& sections,
                                bool bootstrapIntervals, QList<ModelLook> looks = {},
                                const std::string& display = "mean");

// Writes the report to `path`, atomically: a paginated PDF when it ends in
// .pdf, else the HTML page with the charts inline. Throws Error naming
// `path` when it cannot.
void writeReportFile(HtmlReportInput input, ReportCharts& charts, const std::string& path);
bool isPdfPath(const std::string& path);

} // namespace ranklab::ui
