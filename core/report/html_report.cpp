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
    return "Manifest";
}

std::string fixed(double value, int digits) {
    if (!std::isfinite(value)) return "NaN";
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

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

void figures(std::string& html, const std::vector<HtmlChart>& charts) {
    if (charts.empty()) html += "<p class=\"note\">Not computed.</p>\n";
    for (const HtmlChart& c : charts) {
        html += "<figure>" + svgElement(c.svg) + "<figcaption>" + htmlEscape(c.title);
        if (!c.caption.empty()) html += " — " + htmlEscape(c.caption);
        html += "</figcaption></figure>\n";
    }
}

void summary(std::string& html, const HtmlReportInput& in) {
    const stats::Comparison* c = in.comparison;
    if (!c) {
        html += "<p class=\"note\">Not computed.</p>\n";
        return;
    }
    const auto marks = meanMarks(*c);
    const auto best = bestMeans(*c);
    const bool baselineMode = c->options.baseline.has_value();
    html += "<div class=\"scroll\"><table class=\"sortable\" id=\"summary-table\"><thead><tr><th>model</th>";
    for (const std::string& id : c->metricIds) html += "<th>" + htmlEscape(id) + "</th>";
    html += "</tr></thead><tbody>\n";
    for (std::size_t m = 0; m < c->models.size(); ++m) {
        std::string name = htmlEscape(c->models[m]);
        if (!baselineMode) name = "(" + modelLetter(m) + ") " + name;
        if (baselineMode && *c->options.baseline == m) name += " <span class=\"note\">baseline</span>";
        html += "<tr><td>" + name + "</td>";
        for (std::size_t i = 0; i < c->metricIds.size(); ++i) {
            const stats::MeanSummary& s = c->means[m][i];
            std::string cell = fixed(s.moments.mean, in.digits);
            if (in.interval == ShownInterval::T) {
                cell += " ± " + fixed(s.t.halfWidth, in.digits);
            } else if (in.interval == ShownInterval::Bootstrap) {
                const double lo = s.bootstrap ? s.bootstrap->lo : s.t.lo, hi = s.bootstrap ? s.bootstrap->hi : s.t.hi;
                cell += " [" + fixed(lo, in.digits) + ", " + fixed(hi, in.digits) + "]";
            }
            const MeanMarks& mk = marks[m][i];
            if (mk.better) cell += "\xe2\x80\xa0";
            if (mk.worse) cell += "\xe2\x80\xa1";
            if (!baselineMode && !mk.betterThan.empty()) cell += "<sup>" + modelLetters(mk.betterThan) + "</sup>";
            html += std::string("<td") + (best[m][i] ? " class=\"best\"" : "") + " data-value=\"" +
                    exact(s.moments.mean) + "\">" + cell + "</td>";
        }
        html += "</tr>\n";
    }
    html += "</tbody></table></div>\n<p class=\"note\">";
    html += in.interval == ShownInterval::T ? "Mean ± the t interval's half-width"
            : in.interval == ShownInterval::Bootstrap ? "Mean [percentile bootstrap interval]"
                                                       : "Mean";
    html += " at level " + fixed(c->options.level, 2) + " over " + std::to_string(c->users) + " users; bold: best. ";
    const std::string basis = marksBasis(*c);
    if (!basis.empty())
        html += baselineMode ? "\xe2\x80\xa0 significantly better, \xe2\x80\xa1 significantly worse than the baseline ("
                             : "Letters: the models a mean is significantly better than (";
    html += htmlEscape(basis) + (basis.empty() ? "" : ").") + " Click a column to sort.</p>\n";
}

void checks(std::string& html, const HtmlReportInput& in) {
    if (in.validation) {
        html += "<div class=\"scroll\"><table class=\"sortable\"><thead><tr><th>severity</th><th>check</th>"
                "<th>subject</th><th>count</th><th>finding</th></tr></thead><tbody>\n";
        for (const Finding& f : in.validation->findings) {
            const std::string severity = severityName(f.severity);
            html += "<tr><td class=\"sev-" + severity + "\">" + severity + "</td><td>" + htmlEscape(f.kind) +
                    "</td><td>" + htmlEscape(f.subject) + "</td><td data-value=\"" + std::to_string(f.count) + "\">" +
                    std::to_string(f.count) + "</td><td style=\"white-space:normal;text-align:left\">" +
                    htmlEscape(f.message) + "</td></tr>\n";
        }
        html += "</tbody></table></div>\n";
    }
    figures(html, in.ties);
}

void definitions(std::string& html, const HtmlReportInput& in) {
    html += "<div class=\"scroll\"><table class=\"sortable\"><thead><tr><th>metric</th><th>definition</th>"
            "<th>trec_eval</th></tr></thead><tbody>\n";
    for (const MetricSpec& m : in.metrics)
        html += "<tr><td>" + htmlEscape(m.id()) + "</td><td style=\"text-align:left\">" +
                htmlEscape(plainFormula(metricFormula(m))) + "</td><td>" + htmlEscape(trecMeasureName(m)) +
                "</td></tr>\n";
    html += "</tbody></table></div>\n";
}

void manifestSection(std::string& html, const Manifest& m) {
    html += "<div class=\"scroll\"><table><thead><tr><th>input</th><th>path</th><th>bytes</th><th>SHA-256</th>"
            "<th>format</th></tr></thead><tbody>\n";
    for (const ManifestFile& f : m.inputs)
        html += "<tr><td>" + htmlEscape(f.role + (f.name.empty() ? "" : " " + f.name)) + "</td><td>" +
                htmlEscape(f.path) + "</td><td>" + std::to_string(f.size) + "</td><td><code>" + f.sha256 +
                "</code></td><td>" + htmlEscape(f.format) + "</td></tr>\n";
    html += "</tbody></table></div>\n<pre>" + htmlEscape(manifestJson(m)) + "</pre>\n";
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

std::string htmlReport(const HtmlReportInput& in) {
    std::vector<std::string> chosen;
    for (const std::string& s : reportSections())
        if (s == "manifest" || std::find(in.sections.begin(), in.sections.end(), s) != in.sections.end())
            chosen.push_back(s);
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
                       "<meta name=\"generator\" content=\"RankLab " + htmlEscape(in.manifest.version) + "\"/>"
                       "<title>" + htmlEscape(in.title) + "</title><style>" + htmlReportStyle() +
                       "</style></head>\n<body>\n<h1>" + htmlEscape(in.title) + "</h1>\n<p class=\"note\">" +
                       "RankLab " + htmlEscape(in.manifest.version) + "</p>\n<nav>";
    for (const std::string& s : chosen) html += "<a href=\"#" + s + "\">" + sectionTitle(s) + "</a>";
    html += "</nav>\n";
    for (const std::string& s : chosen) {
        html += "<section id=\"" + s + "\"><h2>" + sectionTitle(s) + "</h2>\n";
        if (s == "summary") summary(html, in);
        else if (s == "forest") figures(html, in.forest);
        else if (s == "cd" && in.cd.empty())
            html += "<p class=\"note\">No diagram: the critical difference ranks at least two models on a column "
                    "with per-user values.</p>\n";
        else if (s == "cd") figures(html, in.cd);
        else if (s == "curves") figures(html, in.curves);
        else if (s == "ranks") figures(html, in.ranks);
        else if (s == "cohorts") figures(html, in.cohorts);
        else if (s == "checks") checks(html, in);
        else if (s == "beyond")
            html += in.beyondText.empty() ? "<p class=\"note\">No beyond-accuracy metric was computed.</p>\n"
                                          : "<pre>" + htmlEscape(in.beyondText) + "</pre>\n";
        else if (s == "definitions") definitions(html, in);
        else manifestSection(html, in.manifest);
        html += "</section>\n";
    }
    html += std::string("<script>//<![CDATA[\n") + htmlReportScript() + "//]]>\n</script>\n</body></html>\n";
    return html;
}

} // namespace ranklab
