#pragma once
// Number and cell formatting shared by the comparison report's formats
// (compare_report.cpp, compare_tables.cpp, compare_latex.cpp). Internal to
// core/report.
#include <cmath>
#include <string>

#include "report/compare_report.h"
#include "compare/comparison.h"

namespace ranklab::compare_format {

// `digits` decimals; NaN as "n/a", ±inf as "inf"/"-inf".
std::string fixed(double value, int digits);
// Shortest text that reads back as the same double; NaN as "NaN".
std::string full(double value);
// A p-value: `digits` decimals, or 2-decimal scientific when it would
// print as zero ("3.10e-07"); NaN as "n/a".
std::string pvalue(double p, int digits);

// The interval shown with a mean or a difference.
struct Interval {
    bool shown = false;
    bool symmetric = false;  // t: mean ± halfWidth
    double lo = stats::kNaN, hi = stats::kNaN, halfWidth = stats::kNaN;
    std::string name;  // "95% t CI", "95% bootstrap CI"
};
Interval meanInterval(const stats::MeanSummary& mean, ShownInterval shown);
Interval diffInterval(const stats::PairComparison& pair, ShownInterval shown);
// The heading's name of the interval kind, from the level: "95% t CI".
std::string intervalName(const stats::Comparison& comparison, ShownInterval shown);
// Whether `shown` falls back to t (no bootstrap intervals computed).
ShownInterval effectiveInterval(const stats::Comparison& comparison, ShownInterval shown);

// "12/3/10"
std::string winsTiesLosses(const stats::PairComparison& pair);
// "25 users (users policy relevant, ties expected); ..." or just "25 users".
std::string usersLine(const stats::Comparison& comparison, const ComparisonReportOptions& options);

// The human formats (compare_tables.cpp, compare_latex.cpp).
std::string textReport(const stats::Comparison& comparison, const ComparisonReportOptions& options);
std::string markdownReport(const stats::Comparison& comparison, const ComparisonReportOptions& options);
std::string latexReport(const stats::Comparison& comparison, const ComparisonReportOptions& options);

} // namespace ranklab::compare_format
