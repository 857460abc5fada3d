#include "report/runs_report.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "report/compare_format.h"
#include "report/text_table.h"

namespace ranklab {
namespace {

using compare_format::fixed;
using compare_format::full;
using nlohmann::ordered_json;

ordered_json number(double v) { return std::isfinite(v) ? ordered_json(v) : ordered_json(nullptr); }

std::string spreadCell(double mean, double sd, int digits) {
    return std::isnan(sd) ? fixed(mean, digits) : fixed(mean, digits) + " ± " + fixed(sd, digits);
}

std::string heading(const RunsSection& s) {
    std::string out = "Repeated runs: each model's per-user values are the mean over its runs; "
                      "mean ± SD of the runs' means, then each run's mean";
    if (s.bootstrap == "two-level")
        out += ". Bootstrap intervals are two-level: users, then each model's runs, resampled";
    return out;
}

std::string text(const RunsSection& s, int digits, bool markdown) {
    std::vector<std::string> header = {"model", "runs"};
    for (const auto& id : s.ids) header.push_back(id);
    std::vector<std::vector<std::string>> rows;
    for (const auto& spread : *s.spreads) {
        std::vector<std::string> row = {spread.model, std::to_string(spread.runs.size())};
        for (std::size_t c : s.columns) row.push_back(spreadCell(spread.mean[c], spread.sd[c], digits));
        rows.push_back(std::move(row));
        if (spread.runs.size() < 2) continue;
        for (std::size_t r = 0; r < spread.runs.size(); ++r) {
            std::vector<std::string> runRow = {(markdown ? "&nbsp;&nbsp;" : "  ") + spread.runs[r], ""};
            for (std::size_t c : s.columns) runRow.push_back(fixed(spread.means[r][c], digits));
            rows.push_back(std::move(runRow));
        }
    }
    std::string out = "\n" + heading(s) + "\n";
    if (markdown) {
        out += "\n|";
        for (const auto& h : header) out += " " + markdownEscape(h) + " |";
        out += "\n|";
        for (std::size_t i = 0; i < header.size(); ++i) out += i < 2 ? "---|" : "---:|";
        out += "\n";
        for (const auto& row : rows) {
            out += "|";
            for (const auto& cell : row) out += " " + (cell.rfind("&nbsp;", 0) == 0 ? cell : markdownEscape(cell)) + " |";
            out += "\n";
        }
        return out;
    }
    std::vector<TextTable::Align> align(header.size(), TextTable::Align::Right);
    align[0] = TextTable::Align::Left;
    TextTable table(header, align);
    for (auto& row : rows) table.addRow(std::move(row));
    return out + table.render();
}

std::string csv(const RunsSection& s) {
    std::string out = "model,runs,run,metric,mean,sd\n";
    for (const auto& spread : *s.spreads) {
        const std::string model = csvField(spread.model), runs = std::to_string(spread.runs.size());
        for (std::size_t i = 0; i < s.columns.size(); ++i) {
            const std::size_t c = s.columns[i];
            out += model + "," + runs + ",," + csvField(s.ids[i]) + "," + full(spread.mean[c]) + "," +
                   (std::isnan(spread.sd[c]) ? "" : full(spread.sd[c])) + "\n";
            if (spread.runs.size() < 2) continue;
            for (std::size_t r = 0; r < spread.runs.size(); ++r)
                out += model + "," + runs + "," + csvField(spread.runs[r]) + "," + csvField(s.ids[i]) + "," +
                       full(spread.means[r][c]) + ",\n";
        }
    }
    return out;
}

ordered_json json(const RunsSection& s) {
    ordered_json models = ordered_json::array();
    for (const auto& spread : *s.spreads) {
        ordered_json metrics = ordered_json::object();
        for (std::size_t i = 0; i < s.columns.size(); ++i) {
            const std::size_t c = s.columns[i];
            ordered_json perRun = ordered_json::array();
            for (const auto& m : spread.means) perRun.push_back(number(m[c]));
            metrics[s.ids[i]] = {{"mean", number(spread.mean[c])}, {"sd", number(spread.sd[c])}, {"per_run", perRun}};
        }
        models.push_back({{"model", spread.model}, {"runs", spread.runs}, {"metrics", metrics}});
    }
    return {{"bootstrap", s.bootstrap.empty() ? ordered_json(nullptr) : ordered_json(s.bootstrap)},
            {"models", models}};
}

} // namespace

std::string withRunsSection(std::string report, TableFormat format, const RunsSection& section, int digits) {
    if (!section.spreads) return report;
    switch (format) {
    case TableFormat::Json: {
        auto parsed = ordered_json::parse(report);
        parsed["runs"] = json(section);
        return parsed.dump(2) + "\n";
    }
    case TableFormat::Csv: return report + "\n" + csv(section);
    case TableFormat::Latex:
        return report + "\n% the repeated runs (mean and SD over each model's runs) are reported in the table, md, csv "
                        "and json formats\n";
    case TableFormat::Text: return report + text(section, digits, false);
    case TableFormat::Markdown: return report + text(section, digits, true);
    }
    return report;
}

} // namespace ranklab
