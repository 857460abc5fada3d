#pragma once
// What a report computes, shared by `ranklab-cli report` and the
// workbench's File → Export Report…: from a dataset, the evaluation
// settings (a user restriction in settings.onlyUsers applies everywhere)
// and the comparison options, the results of the chosen sections, and the
// HTML report's input built from them. Qt-free; the charts are drawn from
// these results by ui/report/report_charts.h.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "compare/cohort_comparison.h"
#include "eval/evaluation.h"
#include "eval/metric_curve.h"
#include "eval/model_coverage.h"
#include "eval/tie_sensitivity.h"
#include "eval/validation.h"
#include "rank/rank_cache.h"
#include "report/html_report.h"
#include "compare/comparison.h"
#include "compare/critical_difference.h"
#include "compare/rank_distribution.h"

namespace ranklab {

struct ReportRequest {
    std::vector<std::string> sections;  // of reportSections()
    EvalSettings settings;              // metrics, ties, users, onlyUsers, ...
    stats::ComparisonOptions comparison;  // tests, correction, α, level, baseline, resampling
    ShownInterval interval = ShownInterval::T;
    std::uint32_t kmax = 0;  // of the curves and rank distributions; 0: the longest list
    int digits = 4;
    // The Summary's cell display ("mean", "delta", "delta_percent", "d_z",
    // "rank_biserial"), as the workspace's "comparison.display" names it.
    std::string display = "mean";
    // cd: one diagram per compared column when true; else one, of
    // `primaryMetric` (a column id, the workspace's "view.metric") when it
    // is compared, else of the first compared column.
    bool cdAllColumns = false;
    std::string primaryMetric;
};

// The critical-difference diagram of one evaluation column (the cd section).
struct ReportCriticalDifference {
    std::size_t metric = 0;  // the evaluation column
    stats::CriticalDifference diagram;
};

// What the report computed (a section not chosen stays empty).
struct ReportResults {
    std::shared_ptr<const Dataset> data;
    EvalSettings settings;
    std::shared_ptr<const Evaluation> evaluation;
    std::optional<stats::Comparison> comparison;
    // cd: all models at comparison.alpha, on the primary column (see
    // ReportRequest) or every compared column; none with fewer than three
    // models (two models are one pair: the forest plot says it all).
    std::vector<ReportCriticalDifference> criticalDifferences;
    std::vector<CurveResult> curves;  // one per family
    std::optional<RankDistributions> ranks;
    std::optional<CohortComparison> cohorts;
    std::optional<ValidationReport> validation;
    std::optional<TieSensitivity> ties;
    std::string beyondText;  // the set-level table as text; empty: none computed
    // summary: each model's coverage of the evaluated users (empty when the
    // models are not the dataset's, repeated runs averaged).
    std::vector<ModelCoverage> coverage;
};

// The cd section's columns: every one of `columns` when `all`, else the
// one whose id is `primary`, else the first.
std::vector<std::size_t> criticalDifferencePick(const Evaluation& evaluation, const std::vector<std::size_t>& columns,
                                                bool all, const std::string& primary);

// "all" or a comma list of sections; throws Error naming an unknown one.
std::vector<std::string> parseReportSections(const std::string& list);
bool hasSection(const std::vector<std::string>& sections, const char* section);

// The families of the evaluated metric@k columns that have curves.
std::vector<MetricSpec> curveFamilies(const EvalSettings& settings);

// The evaluation columns the cd section draws: `compared` (the comparison
// options' columns) when given, else every column with per-user values.
std::vector<std::size_t> criticalDifferenceColumns(const Evaluation& evaluation, const std::vector<std::size_t>& compared);

// Computes the chosen sections. `evaluated`, when given, is the evaluation
// of request.settings already done (it is not redone); else it is computed
// here. `step` (optional) is told each step's name as it starts. Throws
// Cancelled when `progress` is cancelled.
ReportResults computeReportResults(std::shared_ptr<const Dataset> data, const ReportRequest& request, RankCache& cache,
                                   std::shared_ptr<const Evaluation> evaluated = nullptr,
                                   const Progress* progress = nullptr,
                                   const std::function<void(const char*)>& step = {});

// The HTML report's input of `results` (charts still empty; the
// comparison and validation point into `results`).
HtmlReportInput reportHtmlInput(const ReportResults& results, const ReportRequest& request, std::string title,
                                Manifest manifest);

} // namespace ranklab
