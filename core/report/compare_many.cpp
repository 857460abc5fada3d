#include "report/compare_many.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "report/compare_format.h"
#include "report/eval_report.h"
#include "report/text_table.h"

namespace ranklab::compare_many {
namespace {

using nlohmann::ordered_json;
using compare_format::fixed;
using compare_format::full;

ordered_json number(double value) { return std::isfinite(value) ? ordered_json(value) : ordered_json(nullptr); }

std::size_t columnOf(const stats::Comparison& comparison, std::size_t metric) {
    return static_cast<std::size_t>(std::find(comparison.metrics.begin(), comparison.metrics.end(), metric) -
                                    comparison.metrics.begin());
}

std::string escape(const std::string& text, Style style) {
    if (style == Style::Markdown) return markdownEscape(text);
    if (style == Style::Latex) return latexEscape(text);
    return text;
}

// "A 1.20, B 2.35, C 2.45"
std::string ranksText(const stats::Comparison& comparison, const stats::ManyModelSummary& s, int digits) {
    std::string out;
    for (std::size_t m = 0; m < s.averageRanks.size() && m < comparison.models.size(); ++m)
        out.append(out.empty() ? "" : ", ").append(comparison.models[m]).append(" ").append(fixed(s.averageRanks[m], digits));
    return out;
}

std::string details(const stats::Comparison& comparison, const stats::ManyModelSummary& s, int digits) {
    char buffer[96];
    switch (s.test) {
    case stats::ManyModelTest::Tukey:
        std::snprintf(buffer, sizeof buffer, "df %.0f, q_crit ", s.df);
        return std::string(buffer).append(fixed(s.critical, digits)).append(", MSE ").append(fixed(s.mse, digits));
    case stats::ManyModelTest::RandomizedTukey:
        return std::string(s.exact ? "exact, " : "").append(std::to_string(s.resamples)).append(" permutations");
    case stats::ManyModelTest::Friedman:
        return std::string("Nemenyi CD ")
            .append(fixed(s.criticalDifference, digits))
            .append(" (q_alpha ")
            .append(fixed(s.critical, 3))
            .append("); average ranks: ")
            .append(ranksText(comparison, s, digits));
    }
    return {};
}

std::string statisticName(stats::ManyModelTest test) {
    switch (test) {
    case stats::ManyModelTest::Tukey: return "max q";
    case stats::ManyModelTest::RandomizedTukey: return "range of means";
    case stats::ManyModelTest::Friedman: return "chi2_F";
    }
    return {};
}

} // namespace

void addPairTests(const stats::PairComparison& pair, ordered_json& tests) {
    for (const auto& o : pair.manyTests) {
        ordered_json cell = {{"statistic", number(o.statistic)},
                             {"p_adjusted", number(o.adjusted)},
                             {"significant", o.significant}};
        if (o.test == stats::ManyModelTest::Tukey) cell["ci"] = ordered_json::array({number(o.lo), number(o.hi)});
        tests[std::string(stats::pairKey(o.test))] = cell;
    }
}

ordered_json omnibusJson(const stats::Comparison& comparison) {
    ordered_json out = ordered_json::array();
    for (const auto& s : comparison.many) {
        ordered_json entry = {{"metric", comparison.metricIds[columnOf(comparison, s.metric)]},
                              {"test", std::string(stats::toString(s.test))},
                              {"statistic", number(s.statistic)},
                              {"p", number(s.pvalue)}};
        switch (s.test) {
        case stats::ManyModelTest::Tukey:
            entry["df"] = number(s.df);
            entry["q_critical"] = number(s.critical);
            entry["mse"] = number(s.mse);
            break;
        case stats::ManyModelTest::RandomizedTukey:
            entry["resamples"] = s.resamples;
            entry["exact"] = s.exact;
            break;
        case stats::ManyModelTest::Friedman: {
            entry["df"] = number(s.df);
            entry["tie_correction"] = number(s.tieCorrection);
            entry["nemenyi_q_alpha"] = number(s.critical);
            entry["nemenyi_cd"] = number(s.criticalDifference);
            ordered_json ranks = ordered_json::object();
            for (std::size_t m = 0; m < s.averageRanks.size(); ++m) ranks[comparison.models[m]] = number(s.averageRanks[m]);
            entry["average_ranks"] = ranks;
            break;
        }
        }
        out.push_back(entry);
    }
    return out;
}

std::vector<std::string> csvHeader(const stats::Comparison& comparison) {
    std::vector<std::string> out;
    for (auto test : comparison.options.many) {
        const std::string key(stats::pairKey(test));
        for (const char* field : {"_statistic", "_p_adjusted", "_significant"}) out.push_back(key + field);
        if (test == stats::ManyModelTest::Tukey) out.insert(out.end(), {"tukey_ci_lo", "tukey_ci_hi"});
        if (test == stats::ManyModelTest::Friedman) out.insert(out.end(), {"friedman_statistic", "friedman_p", "nemenyi_cd"});
    }
    return out;
}

std::vector<std::string> csvCells(const stats::Comparison& comparison, const stats::PairComparison& pair) {
    std::vector<std::string> out;
    for (const auto& o : pair.manyTests) {
        out.insert(out.end(), {full(o.statistic), full(o.adjusted), o.significant ? "true" : "false"});
        if (o.test == stats::ManyModelTest::Tukey) out.insert(out.end(), {full(o.lo), full(o.hi)});
        if (o.test == stats::ManyModelTest::Friedman) {
            const stats::ManyModelSummary* found = nullptr;
            for (const auto& s : comparison.many)
                if (s.metric == pair.metric && s.test == o.test) found = &s;
            out.push_back(full(found ? found->statistic : stats::kNaN));
            out.push_back(full(found ? found->pvalue : stats::kNaN));
            out.push_back(full(found ? found->criticalDifference : stats::kNaN));
        }
    }
    return out;
}

std::vector<std::string> pairHeader(const stats::Comparison& comparison) {
    std::vector<std::string> out;
    for (auto test : comparison.options.many) out.push_back(std::string(stats::pairKey(test)) + " p_adj");
    return out;
}

std::vector<std::string> pairCells(const stats::PairComparison& pair, int digits, Style style) {
    std::vector<std::string> out;
    for (const auto& o : pair.manyTests) {
        std::string cell = compare_format::pvalue(o.adjusted, digits);
        if (o.significant) cell += style == Style::Markdown ? " \\*" : style == Style::Latex ? "$^{*}$" : " *";
        out.push_back(cell);
    }
    return out;
}

std::string omnibusSection(const stats::Comparison& comparison, int digits, Style style) {
    if (comparison.many.empty()) return {};
    const std::vector<std::string> header{"metric", "test", "statistic", "", "p", "details"};
    std::vector<std::vector<std::string>> rows;
    for (const auto& s : comparison.many)
        rows.push_back({escape(comparison.metricIds[columnOf(comparison, s.metric)], style),
                        std::string(stats::toString(s.test)), statisticName(s.test), fixed(s.statistic, digits),
                        compare_format::pvalue(s.pvalue, digits), escape(details(comparison, s, digits), style)});
    char alpha[32];
    std::snprintf(alpha, sizeof alpha, "%g", comparison.options.alpha);
    const std::string note = std::string("tukey: Tukey's HSD on the per-user values as independent groups; "
                                         "randomized-tukey: Carterette's paired randomized Tukey HSD; friedman: "
                                         "users as blocks, Nemenyi CD at alpha ")
                                 .append(alpha)
                                 .append(" (average ranks, 1 = best)");
    if (style == Style::Text) {
        TextTable table({"metric", "test", "statistic", "value", "p", "details"},
                        {TextTable::Align::Left, TextTable::Align::Left, TextTable::Align::Left, TextTable::Align::Right,
                         TextTable::Align::Right, TextTable::Align::Left});
        for (auto& row : rows) table.addRow(std::move(row));
        return std::string("\nMany-model tests\n").append(table.render()).append(note).append("\n");
    }
    if (style == Style::Markdown) {
        std::string out = "\nMany-model tests\n\n| metric | test | statistic | value | p | details |\n|:--|:--|:--|--:|--:|:--|\n";
        for (const auto& row : rows) {
            out += "|";
            for (const auto& cell : row) out.append(" ").append(cell).append(" |");
            out += '\n';
        }
        return out.append("\n").append(markdownEscape(note)).append(".\n");
    }
    std::string out = "\n\\begin{tabular}{lllrrl}\n\\toprule\nMetric & Test & Statistic & Value & $p$ & Details \\\\\n\\midrule\n";
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c) out.append(c ? " & " : "").append(c == 2 ? latexEscape(row[c]) : row[c]);
        out += " \\\\\n";
    }
    return out.append("\\bottomrule\n\\multicolumn{6}{l}{\\footnotesize ")
        .append(latexEscape(note))
        .append(".} \\\\\n\\end{tabular}\n");
}

} // namespace ranklab::compare_many
