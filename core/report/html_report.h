#pragma once
// The report of a whole comparison as one self-contained HTML page: inline
// CSS (responsive, with print rules), a few lines of inline script that
// sort a table on a click of its header, charts as inline SVG, no external
// reference. Sections, in this order (each optional): summary (means with
// intervals and significance marks, the best bold), forest, cd (a
// critical-difference diagram per compared column), curves, ranks,
// cohorts, checks (pre-flight findings and the tie band), beyond (set-level
// beyond-accuracy metrics), definitions (each metric's formula), manifest
// (always last; also as <script type="application/json"
// id="ranklab-manifest">). The page is XHTML-compatible (every element
// closed, attributes quoted) so an XML parser reads it.
#include <string>
#include <vector>

#include "eval/tie_sensitivity.h"
#include "eval/validation.h"
#include "manifest/manifest.h"
#include "report/compare_report.h"
#include "compare/comparison.h"

namespace ranklab {

// The sections in their fixed order.
const std::vector<std::string>& reportSections();

struct HtmlChart {
    std::string title;
    std::string svg;  // a whole <svg> element (an XML declaration is dropped)
    std::string caption;
};

struct HtmlReportInput {
    std::string title = "RankLab report";
    std::vector<std::string> sections;  // of reportSections(), any order
    const stats::Comparison* comparison = nullptr;  // summary
    ShownInterval interval = ShownInterval::T;
    int digits = 4;
    std::vector<HtmlChart> forest, cd, curves, ranks, cohorts, ties;
    const ValidationReport* validation = nullptr;  // checks
    std::string beyondText;                        // beyond: the set-level table as text; empty: none computed
    std::vector<MetricSpec> metrics;               // definitions
    Manifest manifest;
};

std::string htmlReport(const HtmlReportInput& input);

// "<", ">", "&", '"' escaped for HTML/XML text and attributes.
std::string htmlEscape(std::string_view text);

} // namespace ranklab
