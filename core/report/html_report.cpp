// The HTML report's page: head, navigation, the chosen sections in order,
// the manifest last.
#include "report/html_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "manifest/manifest_embed.h"
#include "metrics/metric_text.h"
#include "report/compare_marks.h"
#include "report/html_style.h"
#include "report/report_summary.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

const char* sectionTitle(const std::string& id) {
    if (id == "summary") return "Summary";
    if (id == "forest") return "Differences to the baseline";
    if (id == "cd") return "Critical differences";
    if (id == "curves") return "Metric vs k";
    if (id == "ranks") return "Rank distributions";
    if (id == "cohorts") return "Cohorts";
    if (id == "checks") return "Pre-flight checks and tie band";
    if (id == "beyond") return "Beyond-accuracy metrics";
    if (id == "definitions") return "Definitions";
    return "Appendix: manifest";
}

std::string fixed(double value, int digits) { return std::isfinite(value) ? fixedDecimals(value, digits) : "NaN"; }

std::string exact(double value) {
    if (!std::isfinite(value)) return "";
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

// A chart's <svg> element without the XML declaration or doctype before it.
std::string svgElement(const std::string& svg) {
    const std::size_t start = svg.find("<svg");
    if (start == std::string::npos) return {};
    std::string element = svg.substr(start);
    // Inline SVG in HTML needs no namespace declarations (and the page keeps
    // no http(s):// text); the drawing uses no xlink attribute.
    for (const char* declaration : {" xmlns=\"http://www.w3.org/2000/svg\"", " xmlns:xlink=\"http://www.w3.org/1999/xlink\""})
        if (const std::size_t at = element.find(declaration); at != std::string::npos && at < element.find('>'))
            element.erase(at, std::string_view(declaration).size());
    return element;
}

void figures(std::string& html, const HtmlReportInput& in, const std::vector<HtmlChart>& charts) {
    if (in.chartsApart) return;  // the PDF draws them under the section's text
    if (charts.empty()) html += "<p class=\"note\">Not computed.</p>\n";
    for (const HtmlChart& c : charts) {
        html += "<figure>" + svgElement(c.svg) + "<figcaption>" + htmlEscape(c.title);
        if (!c.caption.empty()) html += " — " + htmlEscape(c.caption);
        html += "</figcaption></figure>\n";
    }
}

// The cell of model m, column i as the Summary's display shows it; `value`
// receives the number shown (for sorting).
std::string displayedCell(const HtmlReportInput& in, std::size_t m, std::size_t i, double& value) {
    const stats::Comparison& c = *in.comparison;
    const stats::MeanSummary& s = c.means[m][i];
    const std::optional<std::size_t> base = c.options.baseline;
    const stats::PairComparison* pair = base && m != *base ? c.find(m, *base, c.metrics[i]) : nullptr;
    const double sign = pair && pair->a != m ? -1.0 : 1.0;
    if (pair && in.display == "delta") {
        value = sign * pair->meanDiff;
        std::string cell = (value > 0 ? "+" : "") + fixed(value, in.digits);
        if (in.interval == ShownInterval::T) cell += " ± " + fixed(pair->ciT.halfWidth, in.digits);
        if (in.interval == ShownInterval::Bootstrap && pair->ciBootstrap)
            cell += " [" + fixed(sign > 0 ? pair->ciBootstrap->lo : -pair->ciBootstrap->hi, in.digits) + ", " +
                    fixed(sign > 0 ? pair->ciBootstrap->hi : -pair->ciBootstrap->lo, in.digits) + "]";
        return cell;
    }
    if (pair && in.display == "delta_percent") {
        value = relativeChangePercent(sign * pair->meanDiff, c.means[*base][i].moments.mean);
        return (value > 0 ? "+" : "") + fixed(value, 2) + "%";
    }
    if (pair && (in.display == "d_z" || in.display == "rank_biserial")) {
        value = sign * (in.display == "d_z" ? pair->cohensDz : pair->rankBiserial);
        return (value > 0 ? "+" : "") + fixed(value, 3);
    }
    value = s.moments.mean;
    std::string cell = fixed(s.moments.mean, in.digits);
    if (in.interval == ShownInterval::T) {
        cell += " ± " + fixed(s.t.halfWidth, in.digits);
    } else if (in.interval == ShownInterval::Bootstrap) {
        const double lo = s.bootstrap ? s.bootstrap->lo : s.t.lo, hi = s.bootstrap ? s.bootstrap->hi : s.t.hi;
        cell += " [" + fixed(lo, in.digits) + ", " + fixed(hi, in.digits) + "]";
    }
    return cell;
}

std::string displayNote(const HtmlReportInput& in, const stats::Comparison& c) {
    const bool baselineMode = c.options.baseline.has_value();
    const std::string base = baselineMode ? htmlEscape(c.models[*c.options.baseline]) : "";
    if (baselineMode && in.display == "delta")
        return "\xce\x94 to the baseline " + base +
               (in.interval == ShownInterval::T           ? " ± the t interval's half-width"
                : in.interval == ShownInterval::Bootstrap ? " [paired bootstrap interval]"
                                                          : "") + " (the baseline's row: its mean)";
    if (baselineMode && in.display == "delta_percent")
        return "\xce\x94% to the baseline " + base + "'s mean (the baseline's row: its mean)";
    if (baselineMode && in.display == "d_z") return "Cohen's d_z against the baseline " + base + " (the baseline's row: its mean)";
    if (baselineMode && in.display == "rank_biserial")
        return "Rank-biserial correlation against the baseline " + base + " (the baseline's row: its mean)";
    return in.interval == ShownInterval::T           ? "Mean ± the t interval's half-width"
           : in.interval == ShownInterval::Bootstrap ? "Mean [percentile bootstrap interval]"
                                                     : "Mean";
}

void meansTable(std::string& html, const HtmlReportInput& in) {
    const stats::Comparison* c = in.comparison;
    if (!c) return;
    const auto marks = meanMarks(*c);
    const auto best = bestMeans(*c);
    const bool baselineMode = c->options.baseline.has_value();
    html += "<h3>All models</h3>\n<div class=\"scroll\"><table class=\"sortable\" id=\"summary-table\"><thead><tr><th>model</th>";
    for (const std::string& id : c->metricIds) html += "<th>" + htmlEscape(id) + "</th>";
    html += "</tr></thead><tbody>\n";
    for (std::size_t m = 0; m < c->models.size(); ++m) {
        std::string name = htmlEscape(c->models[m]);
        if (!baselineMode) name = "(" + modelLetter(m) + ") " + name;
        if (baselineMode && *c->options.baseline == m) name += " <span class=\"note\">baseline</span>";
        html += "<tr><td>" + name + "</td>";
        for (std::size_t i = 0; i < c->metricIds.size(); ++i) {
            double value = stats::kNaN;
            std::string cell = displayedCell(in, m, i, value);
            const MeanMarks& mk = marks[m][i];
            if (mk.better) cell += "\xe2\x80\xa0";
            if (mk.worse) cell += "\xe2\x80\xa1";
            if (!baselineMode && !mk.betterThan.empty()) cell += "<sup>" + modelLetters(mk.betterThan) + "</sup>";
            html += std::string("<td") + (best[m][i] ? " class=\"best\"" : "") + " data-value=\"" +
                    exact(value) + "\">" + cell + "</td>";
        }
        html += "</tr>\n";
    }
    html += "</tbody></table></div>\n<p class=\"note\">" + displayNote(in, *c);
    html += " at level " + fixed(c->options.level, 2) + " over " + std::to_string(c->users) + " users; bold: best mean. ";
    const std::string basis = marksBasis(*c);
    if (!basis.empty())
        html += baselineMode ? "\xe2\x80\xa0 significantly better, \xe2\x80\xa1 significantly worse than the baseline ("
                             : "Letters: the models a mean is significantly better than (";
    html += htmlEscape(basis) + (basis.empty() ? "" : ").") + "</p>\n";
}

// A path that may wrap after each '/' on paper (QTextDocument breaks at a
// zero-width space; a browser's table scrolls instead).
std::string wrappingPath(const std::string& path, bool paper) {
    std::string text = htmlEscape(path);
    if (!paper) return text;
    std::string out;
    for (char ch : text) {
        out += ch;
        if (ch == '/') out += "&#8203;";
    }
    return out;
}

void checks(std::string& html, const HtmlReportInput& in) {
    if (in.validation) {
        html += "<p>" + checksOkLine(*in.validation, true) + "; the others:</p>\n";
        html += "<div class=\"scroll\"><table class=\"sortable\"><thead><tr><th>severity</th><th>check</th>"
                "<th>subject</th><th>count</th><th width=\"45%\">finding</th></tr></thead><tbody>\n";
        for (const Finding* finding : failingFindings(*in.validation, true)) {
            const Finding& f = *finding;
            const std::string severity = severityName(f.severity);
            html += "<tr><td class=\"sev-" + severity + "\">" + severity + "</td><td>" + htmlEscape(f.kind) +
                    "</td><td style=\"white-space:normal\">" + wrappingPath(f.subject, in.chartsApart) + "</td><td data-value=\"" + std::to_string(f.count) + "\">" +
                    std::to_string(f.count) + "</td><td style=\"white-space:normal;text-align:left\">" +
                    htmlEscape(f.message) + "</td></tr>\n";
        }
        html += "</tbody></table></div>\n";
    }
    figures(html, in, in.ties);
}

void definitions(std::string& html, const HtmlReportInput& in) {
    html += "<div class=\"scroll\"><table class=\"sortable\"><thead><tr><th>metric</th><th>definition</th>"
            "<th>trec_eval</th></tr></thead><tbody>\n";
    for (const MetricSpec& m : in.metrics)
        html += "<tr><td>" + htmlEscape(m.id()) + "</td><td style=\"text-align:left;white-space:normal\">" +
                htmlEscape(plainFormula(metricFormula(m))) + "</td><td>" + htmlEscape(trecMeasureName(m)) +
                "</td></tr>\n";
    html += "</tbody></table></div>\n";
}

void manifestSection(std::string& html, const Manifest& m, bool withScript) {
    const bool paper = !withScript;
    html += "<div class=\"scroll\"><table><thead><tr><th>input</th><th>path</th><th>bytes</th><th>SHA-256</th>"
            "<th>format</th></tr></thead><tbody>\n";
    for (const ManifestFile& f : m.inputs)
        html += "<tr><td>" + htmlEscape(f.role + (f.name.empty() ? "" : " " + f.name)) + "</td><td>" +
                wrappingPath(f.path, paper) + "</td><td>" + std::to_string(f.size) + "</td><td><code>" + f.sha256 +
                "</code></td><td>" + htmlEscape(f.format) + "</td></tr>\n";
    html += "</tbody></table></div>\n";
    const std::string pretty = manifestJson(m);
    if (!withScript) {
        // Paper: the JSON in two columns, cut at a line break near the middle.
        std::size_t cut = pretty.find('\n', pretty.size() / 2);
        if (cut == std::string::npos) cut = pretty.size();
        html += "<table class=\"columns\"><tr><td><pre>" + htmlEscape(pretty.substr(0, cut)) + "</pre></td><td><pre>" +
                htmlEscape(cut < pretty.size() ? pretty.substr(cut + 1) : "") + "</pre></td></tr></table>\n";
        return;
    }
    html += "<pre>" + htmlEscape(pretty) + "</pre>\n";
    // The machine-readable copy `verify` reads (JSON has no "</" once escaped).
    std::string json = manifestJson(m, -1);
    for (std::size_t at = 0; (at = json.find("</", at)) != std::string::npos;) json.replace(at, 2, "<\\/");
    html += "<script type=\"application/json\" id=\"ranklab-manifest\">" + htmlEscape(json) + "</script>\n";
}

} // namespace

const std::vector<std::string>& reportSections() {
    static const std::vector<std::string> sections = {"summary", "forest",  "cd",          "curves",  "ranks",
                                                      "cohorts", "checks", "beyond", "definitions", "manifest"};
    return sections;
}

std::string htmlEscape(std::string_view text) { return xmlEscape(text); }

const char* reportSectionTitle(const std::string& id) { return sectionTitle(id); }

std::vector<std::string> chosenReportSections(const HtmlReportInput& in) {
    std::vector<std::string> chosen;
    for (const std::string& s : reportSections())
        if (s == "manifest" || std::find(in.sections.begin(), in.sections.end(), s) != in.sections.end())
            chosen.push_back(s);
    return chosen;
}

std::string htmlSectionBody(const HtmlReportInput& in, const std::string& s) {
    std::string html;
    if (s == "summary") {
        summarySection(html, in);
        meansTable(html, in);
    } else if (s == "forest" && in.forest.empty() && !in.chartsApart) {
        html += "<p class=\"note\">" +
                htmlEscape(in.forestNote.empty() ? "Not computed." : in.forestNote) + "</p>\n";
    } else if (s == "forest") {
        if (!in.forestNote.empty()) html += "<p class=\"note\">" + htmlEscape(in.forestNote) + "</p>\n";
        figures(html, in, in.forest);
    } else if (s == "cd") {
        if (!in.cdNote.empty()) html += "<p class=\"note\">" + htmlEscape(in.cdNote) + "</p>\n";
        else if (in.cd.empty() && !in.chartsApart) html += "<p class=\"note\">Not computed.</p>\n";
        figures(html, in, in.cd);
    } else if (s == "curves") figures(html, in, in.curves);
    else if (s == "ranks") figures(html, in, in.ranks);
    else if (s == "cohorts") figures(html, in, in.cohorts);
    else if (s == "checks") checks(html, in);
    else if (s == "beyond")
        html += in.beyondText.empty() ? "<p class=\"note\">No beyond-accuracy metric was computed.</p>\n"
                                      : "<pre>" + htmlEscape(in.beyondText) + "</pre>\n";
    else if (s == "definitions") definitions(html, in);
    else manifestSection(html, in.manifest, !in.chartsApart);
    return html;
}

std::string htmlReport(const HtmlReportInput& in) {
    const std::vector<std::string> chosen = chosenReportSections(in);
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
                       "<meta name=\"generator\" content=\"RankLab " + htmlEscape(in.manifest.version) + "\"/>"
                       "<title>" + htmlEscape(in.title) + "</title><style>" + htmlReportStyle() +
                       "</style></head>\n<body>\n<nav id=\"contents\" aria-label=\"Contents\">";
    for (std::size_t i = 0; i < chosen.size(); ++i)
        html += std::string(i ? "<span class=\"sep\"> · </span>" : "") + "<a href=\"#" + chosen[i] + "\">" +
                sectionTitle(chosen[i]) + "</a>";
    html += "</nav>\n<h1>" + htmlEscape(in.title) + "</h1>\n<p class=\"note\">RankLab " +
            htmlEscape(in.manifest.version) + "</p>\n";
    for (const std::string& s : chosen)
        html += "<section id=\"" + s + "\"><h2>" + sectionTitle(s) + "</h2>\n" + htmlSectionBody(in, s) + "</section>\n";
    html += std::string("<script>//<![CDATA[\n") + htmlReportScript() + "//]]>\n</script>\n</body></html>\n";
    return html;
}

} // namespace ranklab
