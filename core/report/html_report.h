#pragma once
// The report of a whole comparison as one self-contained HTML page: inline
// CSS (responsive, with print rules), a few lines of inline script that
// sort a table on a click of its header, charts as inline SVG, no external
// reference; a sticky contents bar over the sections. Sections, in this
// order (each optional): summary (the one page to read: verdicts, the key
// table of differences to the baseline, coverage warnings, failing checks;
// report_summary.h; then every model's cells as the Summary's display shows
// them), forest (one combined plot of every metric), cd (critical-difference
// diagrams: three or more models), curves, ranks, cohorts, checks (the
// findings that are not ok, the others counted, and the tie band), beyond
// (set-level beyond-accuracy metrics), definitions (each metric's formula),
// manifest (always last, an appendix; also as <script
// type="application/json" id="ranklab-manifest">). The page is
// XHTML-compatible (every element closed, attributes quoted) so an XML
// parser reads it.
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
    // The Summary's cell display (a workspace's "comparison.display"):
    // "mean", "delta", "delta_percent", "d_z" or "rank_biserial".
    std::string display = "mean";
    // One sentence per model that scored only part of the users ("model X
    // scored 612 of 3,000 users (20.4%)"); empty: every model scored all.
    std::vector<std::string> coverage;
    std::string forestNote, cdNote;  // what the forest / cd section says above (or instead of) its charts
    // The PDF: section bodies without their figures (drawn under the text)
    // and without the manifest's script.
    bool chartsApart = false;
};

std::string htmlReport(const HtmlReportInput& input);

// The sections `input` shows, in order, the manifest last.
std::vector<std::string> chosenReportSections(const HtmlReportInput& input);
// A section's heading ("Summary", ...) and its body as HTML (no heading).
const char* reportSectionTitle(const std::string& id);
std::string htmlSectionBody(const HtmlReportInput& input, const std::string& id);

// "<", ">", "&", '"' escaped for HTML/XML text and attributes.
std::string htmlEscape(std::string_view text);

} // namespace ranklab
