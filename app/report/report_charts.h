#pragma once
// The report's charts: the workbench's chart classes built from the
// report's results, rendered to SVG for the HTML and kept for the PDF's
// pages.
#include <QChart>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "eval/cohort_comparison.h"
#include "eval/metric_curve.h"
#include "eval/tie_sensitivity.h"
#include "eval/validation.h"
#include "report/html_report.h"
#include "stats/comparison.h"
#include "stats/rank_distribution.h"

namespace ranklab::cli {

// What the report computed (a section not chosen stays empty).
struct ReportResults {
    const Dataset* data = nullptr;
    EvalSettings settings;
    std::optional<stats::Comparison> comparison;
    std::vector<CurveResult> curves;  // one per family
    std::optional<RankDistributions> ranks;
    std::optional<CohortComparison> cohorts;
    std::optional<ValidationReport> validation;
    std::optional<TieSensitivity> ties;
};

struct ChartPage {
    std::unique_ptr<QChart> chart;
    QString caption;
};

struct ReportCharts {
    std::vector<HtmlChart> forest, curves, ranks, cohorts, ties;
    std::vector<ChartPage> pages;  // every chart, in section order (the PDF's pages)
};

// The charts of the chosen sections; a QApplication is made if there is none.
ReportCharts renderReportCharts(const ReportResults& results, const std::vector<std::string>& sections,
                                bool bootstrapIntervals);

} // namespace ranklab::cli
