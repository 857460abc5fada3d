#include "report/eval_report.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "metrics/metric_record.h"
#include "metrics/metric_spec.h"
#include "metrics/metric_text.h"
#include "metrics/registry.h"
#include "report/text_table.h"
#include "report/user_counts_json.h"
#include "common/number_text.h"

namespace ranklab {
namespace {

std::string fixed(double value, int digits) { return fixedDecimals(value, digits); }

std::string full(double value) { return shortestText(value); }

bool isCount(const MetricSpec& spec) {
    const MetricRecord* r = spec.record();
    return r && r->direction == Direction::None;
}

// Whether model m has the best mean of column c (the highest, or the lowest
// where the metric's record says lower is better); every model that
// ties for the best is marked. Counts and single models are never marked.
std::vector<std::vector<bool>> bestCells(const Evaluation& eval) {
    std::vector<std::vector<bool>> best(eval.models.size(), std::vector<bool>(eval.metricCount(), false));
    if (eval.models.size() < 2) return best;
    for (std::size_t c = 0; c < eval.metricCount(); ++c) {
        if (isCount(eval.settings.metrics[c])) continue;
        const Direction direction = directionOf(eval.settings.metrics[c]);
        double top = NAN;
        for (const auto& model : eval.models)
            if (std::isnan(top) || isBetter(direction, model.means[c], top)) top = model.means[c];
        for (std::size_t m = 0; m < eval.models.size(); ++m) best[m][c] = eval.models[m].means[c] == top;
    }
    return best;
}

std::string usersLine(const Evaluation& eval) {
    return std::to_string(eval.counts.evaluated) + " users averaged (users policy " +
           usersPolicyName(eval.settings.users) + ", ties " + tiePolicyName(eval.settings.ties) + "); " +
           std::to_string(eval.counts.runOnly) + " only in runs, " + std::to_string(eval.counts.qrelsOnly) +
           " only in the ground truth";
}

std::string text(const Evaluation& eval, int digits) {
    std::vector<std::string> header{"model"};
    std::vector<TextTable::Align> align{TextTable::Align::Left};
    for (const auto& spec : eval.settings.metrics) {
        header.push_back(spec.id());
        align.push_back(TextTable::Align::Right);
    }
    TextTable table(header, align);
    for (const auto& model : eval.models) {
        std::vector<std::string> row{model.name};
        for (double v : model.means) row.push_back(fixed(v, digits));
        table.addRow(std::move(row));
    }
    return table.render() + usersLine(eval) + "\n";
}

std::string csv(const Evaluation& eval, int digits) {
    std::string out = "model";
    for (const auto& spec : eval.settings.metrics) out += "," + csvField(spec.id());
    out += '\n';
    for (const auto& model : eval.models) {
        out += csvField(model.name);
        for (double v : model.means) out += "," + fixed(v, digits);
        out += '\n';
    }
    return out;
}

std::string markdown(const Evaluation& eval, int digits) {
    auto best = bestCells(eval);
    std::string out = "| model |";
    std::string rule = "|:--|";
    for (const auto& spec : eval.settings.metrics) {
        out += " " + markdownEscape(spec.id()) + " |";
        rule += "--:|";
    }
    out += "\n" + rule + "\n";
    for (std::size_t m = 0; m < eval.models.size(); ++m) {
        out += "| " + markdownEscape(eval.models[m].name) + " |";
        for (std::size_t c = 0; c < eval.metricCount(); ++c) {
            std::string v = fixed(eval.models[m].means[c], digits);
            out += " " + (best[m][c] ? "**" + v + "**" : v) + " |";
        }
        out += '\n';
    }
    return out + "\n" + usersLine(eval) + ".\n";
}

std::string latex(const Evaluation& eval, int digits) {
    auto best = bestCells(eval);
    std::string out = "% " + usersLine(eval) + "\n% requires \\usepackage{booktabs}\n";
    out += "\\begin{tabular}{l" + std::string(eval.metricCount(), 'r') + "}\n\\toprule\nModel";
    for (const auto& spec : eval.settings.metrics) out += " & " + latexEscape(spec.id());
    out += " \\\\\n\\midrule\n";
    for (std::size_t m = 0; m < eval.models.size(); ++m) {
        out += latexEscape(eval.models[m].name);
        for (std::size_t c = 0; c < eval.metricCount(); ++c) {
            std::string v = fixed(eval.models[m].means[c], digits);
            out += " & " + (best[m][c] ? "\\textbf{" + v + "}" : v);
        }
        out += " \\\\\n";
    }
    return out + "\\bottomrule\n\\end{tabular}\n";
}

// What each column means, from its record: its words and formula with the
// parameters written in, how it aggregates and which way is better.
nlohmann::ordered_json definitions(const Evaluation& eval) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const MetricSpec& spec : eval.settings.metrics) {
        const MetricRecord* r = spec.record();
        if (!r) continue;
        const char* direction = r->direction == Direction::HigherIsBetter ? "higher"
                                : r->direction == Direction::LowerIsBetter ? "lower"
                                                                           : "none";
        nlohmann::ordered_json d = {{"name", std::string(r->name)},
                                    {"definition", std::string(r->definition)},
                                    {"formula", plainFormula(metricFormula(spec))},
                                    {"aggregation", r->setLevel() ? "set" : "mean"},
                                    {"better", direction}};
        if (const std::string trec = trecMeasureName(spec); !trec.empty()) d["trec_eval"] = trec;
        out[spec.id()] = std::move(d);
    }
    return out;
}

std::string json(const Evaluation& eval) {
    nlohmann::ordered_json metrics = nlohmann::ordered_json::array();
    for (const auto& spec : eval.settings.metrics) metrics.push_back(spec.id());
    nlohmann::ordered_json models = nlohmann::ordered_json::array();
    for (const auto& model : eval.models) {
        nlohmann::ordered_json values = nlohmann::ordered_json::object();
        for (std::size_t c = 0; c < eval.metricCount(); ++c) values[eval.settings.metrics[c].id()] = model.means[c];
        models.push_back({{"name", model.name}, {"metrics", values}});
    }
    nlohmann::ordered_json out = {
        {"settings",
         {{"metrics", metrics},
          {"ties", tiePolicyName(eval.settings.ties)},
          {"users", usersPolicyName(eval.settings.users)},
          {"rel", eval.settings.relevanceThreshold},
          {"exclusions", eval.settings.useExclusions}}},
        {"users", userCountsJson(eval.counts)},
        {"models", models},
        {"definitions", definitions(eval)}};
    return out.dump(2) + "\n";
}

} // namespace

std::optional<TableFormat> parseTableFormat(std::string_view name) {
    if (name == "table" || name == "text") return TableFormat::Text;
    if (name == "csv") return TableFormat::Csv;
    if (name == "json") return TableFormat::Json;
    if (name == "md" || name == "markdown") return TableFormat::Markdown;
    if (name == "latex" || name == "tex") return TableFormat::Latex;
    return std::nullopt;
}

std::string formatEvaluation(const Evaluation& eval, TableFormat format, int digits) {
    switch (format) {
    case TableFormat::Text: return text(eval, digits);
    case TableFormat::Csv: return csv(eval, digits);
    case TableFormat::Json: return json(eval);
    case TableFormat::Markdown: return markdown(eval, digits);
    case TableFormat::Latex: return latex(eval, digits);
    }
    return {};
}

std::string formatPerUser(const Evaluation& eval, const IdSpace& ids) {
    std::string out = "user\tmodel";
    for (const auto& spec : eval.settings.metrics) out += "\t" + spec.id();
    out += '\n';
    for (std::size_t m = 0; m < eval.models.size(); ++m) {
        for (std::size_t row = 0; row < eval.users.size(); ++row) {
            out += ids.users.name(eval.users[row]);
            out += '\t';
            out += eval.models[m].name;
            for (std::size_t c = 0; c < eval.metricCount(); ++c) out += "\t" + full(eval.value(m, row, c));
            out += '\n';
        }
    }
    return out;
}

std::string csvField(std::string_view text) {
    if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string latexEscape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '_': case '&': case '%': case '$': case '#': case '{': case '}': out += '\\'; out += c; break;
        case '~': out += "\\textasciitilde{}"; break;
        case '^': out += "\\textasciicircum{}"; break;
        case '\\': out += "\\textbackslash{}"; break;
        default: out += c;
        }
    }
    return out;
}

std::string markdownEscape(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|' || c == '*' || c == '_' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

} // namespace ranklab
