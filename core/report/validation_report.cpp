#include "report/validation_report.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "report/text_table.h"
#include "report/tie_report.h"

namespace ranklab {
namespace {

// Problems by severity (worst first), then file order.
std::vector<const Finding*> problems(const ValidationReport& report) {
    std::vector<const Finding*> out;
    for (const auto& f : report.findings)
        if (f.severity != Severity::Ok) out.push_back(&f);
    std::stable_sort(out.begin(), out.end(), [](const Finding* a, const Finding* b) { return a->severity > b->severity; });
    return out;
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out.append(i ? separator : "").append(items[i]);
    return out;
}

std::string summary(const ValidationReport& report) {
    return std::to_string(report.count(Severity::Error)) + " errors, " + std::to_string(report.count(Severity::Warning)) +
           " warnings, " + std::to_string(report.count(Severity::Info)) + " notes, " +
           std::to_string(report.count(Severity::Ok)) + " checks passed";
}

std::string examplesOf(const Finding& f) {
    if (f.examples.empty()) return {};
    std::string out = joined(f.examples, ", ");
    if (f.count > f.examples.size()) out += ", ...";
    return out;
}

std::string text(const ValidationReport& report, const TieSensitivity* ties, int digits) {
    std::string out = "Validation: " + summary(report) + "\n\n";
    const auto found = problems(report);
    if (!found.empty()) {
        TextTable table({"severity", "check", "subject", "count", "finding"},
                        {TextTable::Align::Left, TextTable::Align::Left, TextTable::Align::Left,
                         TextTable::Align::Right, TextTable::Align::Left});
        for (const Finding* f : found) {
            std::string message = f->message;
            if (!f->examples.empty()) message += " (e.g. " + examplesOf(*f) + ")";
            table.addRow({severityName(f->severity), f->kind, f->subject, std::to_string(f->count), message});
        }
        out += table.render() + "\n";
    }
    out += "Passed:\n";
    for (const auto& f : report.findings)
        if (f.severity == Severity::Ok) out += "  " + f.kind + " (" + f.subject + "): " + f.message + "\n";
    if (ties) out += "\nTie sensitivity:\n" + formatTieSensitivity(*ties, TableFormat::Text, digits);
    return out;
}

std::string markdown(const ValidationReport& report, const TieSensitivity* ties, int digits) {
    std::string out = "**Validation:** " + summary(report) + ".\n\n";
    out += "| severity | check | subject | count | finding | examples |\n|:--|:--|:--|--:|:--|:--|\n";
    for (const Finding* f : problems(report))
        out += "| " + std::string(severityName(f->severity)) + " | " + markdownEscape(f->kind) + " | " +
               markdownEscape(f->subject) + " | " + std::to_string(f->count) + " | " + markdownEscape(f->message) +
               " | " + markdownEscape(examplesOf(*f)) + " |\n";
    out += "\nPassed:\n\n";
    for (const auto& f : report.findings)
        if (f.severity == Severity::Ok)
            out += "- " + markdownEscape(f.kind) + " (" + markdownEscape(f.subject) + "): " + markdownEscape(f.message) + "\n";
    if (ties) out += "\n**Tie sensitivity**\n\n" + formatTieSensitivity(*ties, TableFormat::Markdown, digits);
    return out;
}

std::string csv(const ValidationReport& report) {
    std::string out = "severity,check,subject,count,finding,examples\n";
    for (const auto& f : report.findings)
        out += std::string(severityName(f.severity)) + "," + csvField(f.kind) + "," + csvField(f.subject) + "," +
               std::to_string(f.count) + "," + csvField(f.message) + "," + csvField(joined(f.examples, ";")) + "\n";
    return out;
}

std::string json(const ValidationReport& report, const TieSensitivity* ties) {
    nlohmann::ordered_json findings = nlohmann::ordered_json::array();
    for (const auto& f : report.findings)
        findings.push_back({{"kind", f.kind},
                            {"severity", severityName(f.severity)},
                            {"subject", f.subject},
                            {"count", f.count},
                            {"examples", f.examples},
                            {"message", f.message}});
    nlohmann::ordered_json out = {{"summary",
                                   {{"worst", severityName(report.worst())},
                                    {"errors", report.count(Severity::Error)},
                                    {"warnings", report.count(Severity::Warning)},
                                    {"notes", report.count(Severity::Info)},
                                    {"passed", report.count(Severity::Ok)}}},
                                  {"findings", findings}};
    if (ties) out["ties"] = nlohmann::ordered_json::parse(formatTieSensitivity(*ties, TableFormat::Json));
    return out.dump(2) + "\n";
}

} // namespace

std::string formatValidation(const ValidationReport& report, const TieSensitivity* ties, TableFormat format,
                             int digits) {
    switch (format) {
    case TableFormat::Text: return text(report, ties, digits);
    case TableFormat::Csv: return csv(report);
    case TableFormat::Json: return json(report, ties);
    case TableFormat::Markdown:
    case TableFormat::Latex: return markdown(report, ties, digits);
    }
    return {};
}

} // namespace ranklab
