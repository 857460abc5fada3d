// The comparison as an aligned text table and as Markdown.
#include <algorithm>

#include "report/compare_format.h"
#include "report/compare_many.h"
#include "report/compare_marks.h"
#include "report/compare_practical.h"
#include "report/text_table.h"

namespace ranklab::compare_format {
namespace {

enum class Style { Text, Markdown };

std::size_t columnOf(const stats::Comparison& comparison, std::size_t metric) {
    return static_cast<std::size_t>(std::find(comparison.metrics.begin(), comparison.metrics.end(), metric) -
                                    comparison.metrics.begin());
}

std::string intervalText(const Interval& interval, int digits) {
    if (!interval.shown) return {};
    if (interval.symmetric) return std::string(" ± ").append(fixed(interval.halfWidth, digits));
    return std::string(" [").append(fixed(interval.lo, digits)).append(", ").append(fixed(interval.hi, digits)).append(
        "]");
}

std::string marksText(const stats::Comparison& comparison, const MeanMarks& marks, Style style) {
    if (comparison.options.baseline) {
        if (marks.better) return " †";
        if (marks.worse) return " ‡";
        return {};
    }
    if (marks.betterThan.empty()) return {};
    const std::string letters = modelLetters(marks.betterThan);
    return style == Style::Markdown ? std::string(" <sup>").append(letters).append("</sup>")
                                    : std::string(" ^").append(letters);
}

std::string meanCell(const stats::Comparison& comparison, const ComparisonReportOptions& options, std::size_t m,
                     std::size_t i, bool best, const MeanMarks& marks, Style style) {
    const auto& mean = comparison.means[m][i];
    const ShownInterval shown = effectiveInterval(comparison, options.interval);
    std::string value = fixed(mean.moments.mean, options.digits);
    if (style == Style::Markdown) {
        if (best) value = std::string("**").append(value).append("**");
    } else {
        value.append(best ? "*" : " ");  // the star's place kept: values stay aligned
    }
    return value.append(intervalText(meanInterval(mean, shown), options.digits))
        .append(marksText(comparison, marks, style));
}

std::string heading(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    std::string out = "Means";
    const std::string interval = intervalName(comparison, options.interval);
    if (!interval.empty())
        out.append(" (").append(interval).append(
            effectiveInterval(comparison, options.interval) == ShownInterval::T ? ": mean ± half-width)"
                                                                                : ": mean [lo, hi])");
    if (comparison.options.baseline)
        out.append(", against the baseline ").append(comparison.models[*comparison.options.baseline]);
    else
        out.append(", all pairs");
    return out;
}

std::string legend(const stats::Comparison& comparison, Style style) {
    const std::string star = style == Style::Markdown ? "bold" : "*";
    std::string out = star + ": best in the column";
    const std::string basis = marksBasis(comparison);
    if (basis.empty()) return out;
    if (comparison.options.baseline) {
        out.append("; †: significantly better than the baseline ")
            .append(comparison.models[*comparison.options.baseline])
            .append(", ‡: significantly worse");
    } else {
        out.append(style == Style::Markdown ? "; <sup>xy</sup>" : "; ^xy")
            .append(": significantly better than the models lettered x and y");
    }
    return out.append(" (").append(basis).append(")");
}

// The pairs' header and rows, cells as plain text.
std::vector<std::string> pairsHeader(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    std::vector<std::string> header{"a", "b", "metric", "a − b"};
    const std::string interval = intervalName(comparison, options.interval);
    if (!interval.empty()) header.push_back(interval);
    header.insert(header.end(), {"d_z", "W/T/L"});
    for (auto test : comparison.options.tests) {
        const std::string name(stats::toString(test));
        header.push_back(name + " p");
        header.push_back(name + " p_adj");
    }
    for (auto& h : compare_many::pairHeader(comparison)) header.push_back(std::move(h));
    for (auto& h : compare_practical::pairHeader(comparison, compare_practical::Style::Text))
        header.push_back(std::move(h));
    return header;
}

std::vector<std::string> pairRow(const stats::Comparison& comparison, const ComparisonReportOptions& options,
                                 const stats::PairComparison& pair, Style style) {
    const int digits = options.digits;
    auto name = [&](std::size_t m) {
        return style == Style::Markdown ? markdownEscape(comparison.models[m]) : comparison.models[m];
    };
    std::vector<std::string> row{name(pair.a), name(pair.b), comparison.metricIds[columnOf(comparison, pair.metric)],
                                 fixed(pair.meanDiff, digits)};
    if (style == Style::Markdown) row[2] = markdownEscape(row[2]);
    const Interval interval = diffInterval(pair, effectiveInterval(comparison, options.interval));
    if (interval.shown)
        row.push_back(std::string("[").append(fixed(interval.lo, digits)).append(", ").append(
            fixed(interval.hi, digits)).append("]"));
    row.push_back(fixed(pair.cohensDz, digits));
    row.push_back(winsTiesLosses(pair));
    for (const auto& outcome : pair.tests) {
        row.push_back(pvalue(outcome.pvalue, digits));
        std::string adjusted = pvalue(outcome.adjusted, digits);
        if (outcome.significant) adjusted += style == Style::Markdown ? " \\*" : " *";
        row.push_back(adjusted);
    }
    for (auto& cell : compare_many::pairCells(pair, digits,
                                              style == Style::Markdown ? compare_many::Style::Markdown
                                                                       : compare_many::Style::Text))
        row.push_back(std::move(cell));
    for (auto& cell : compare_practical::pairCells(comparison, pair, digits)) row.push_back(std::move(cell));
    return row;
}

std::string pairsNote(const stats::Comparison& comparison) {
    char alpha[32];
    std::snprintf(alpha, sizeof alpha, "%g", comparison.options.alpha);
    return std::string("p_adj: ")
        .append(correctionDisplayName(comparison.options.correction))
        .append(" over all the pairs and metrics of each test; *: significant at alpha ")
        .append(alpha)
        .append(compare_practical::rankBiserialNote(comparison));
}

} // namespace

std::string textReport(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    const auto marks = meanMarks(comparison);
    const auto best = bestMeans(comparison);
    const bool letters = !comparison.options.baseline;
    std::vector<std::string> header;
    std::vector<TextTable::Align> align;
    if (letters) {
        header.push_back("#");
        align.push_back(TextTable::Align::Left);
    }
    header.push_back("model");
    align.push_back(TextTable::Align::Left);
    for (const auto& id : comparison.metricIds) {
        header.push_back(id);
        align.push_back(TextTable::Align::Left);
    }
    TextTable means(header, align);
    for (std::size_t m = 0; m < comparison.models.size(); ++m) {
        std::vector<std::string> row;
        if (letters) row.push_back(modelLetter(m));
        row.push_back(comparison.models[m]);
        for (std::size_t i = 0; i < comparison.metrics.size(); ++i)
            row.push_back(meanCell(comparison, options, m, i, best[m][i], marks[m][i], Style::Text));
        means.addRow(std::move(row));
    }
    std::string out = heading(comparison, options) + "\n" + means.render() + legend(comparison, Style::Text) + "\n";

    std::vector<std::string> pairHeader = pairsHeader(comparison, options);
    std::vector<TextTable::Align> pairAlign(pairHeader.size(), TextTable::Align::Right);
    std::fill_n(pairAlign.begin(), 3, TextTable::Align::Left);
    TextTable pairs(pairHeader, pairAlign);
    for (const auto& pair : comparison.pairs) pairs.addRow(pairRow(comparison, options, pair, Style::Text));
    out.append("\nPairs (differences a − b)\n").append(pairs.render());
    if (!comparison.options.tests.empty()) out.append(pairsNote(comparison)).append("\n");
    out.append(compare_practical::note(comparison));
    out.append(compare_many::omnibusSection(comparison, options.digits, compare_many::Style::Text));
    return out.append(usersLine(comparison, options)).append("\n");
}

std::string markdownReport(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    const auto marks = meanMarks(comparison);
    const auto best = bestMeans(comparison);
    const bool letters = !comparison.options.baseline;
    std::string out = heading(comparison, options) + "\n\n";
    std::string rule;
    if (letters) {
        out += "| # ";
        rule += "|:--";
    }
    out += "| model |";
    rule += "|:--|";
    for (const auto& id : comparison.metricIds) {
        out.append(" ").append(markdownEscape(id)).append(" |");
        rule += "--:|";
    }
    out.append("\n").append(rule).append("\n");
    for (std::size_t m = 0; m < comparison.models.size(); ++m) {
        if (letters) out.append("| ").append(modelLetter(m)).append(" ");
        out.append("| ").append(markdownEscape(comparison.models[m])).append(" |");
        for (std::size_t i = 0; i < comparison.metrics.size(); ++i)
            out.append(" ").append(meanCell(comparison, options, m, i, best[m][i], marks[m][i], Style::Markdown))
                .append(" |");
        out += '\n';
    }
    out.append("\n").append(legend(comparison, Style::Markdown)).append(".\n\nPairs (differences a − b)\n\n");
    const auto header = pairsHeader(comparison, options);
    out += "|";
    for (const auto& h : header) out.append(" ").append(markdownEscape(h)).append(" |");
    out += "\n|";
    for (std::size_t c = 0; c < header.size(); ++c) out += c < 3 ? ":--|" : "--:|";
    out += '\n';
    for (const auto& pair : comparison.pairs) {
        out += "|";
        for (const auto& cell : pairRow(comparison, options, pair, Style::Markdown)) out.append(" ").append(cell).append(" |");
        out += '\n';
    }
    out += '\n';
    if (!comparison.options.tests.empty()) {
        std::string note = pairsNote(comparison);
        out.append(markdownEscape(note)).append(".\n");
    }
    if (const std::string practical = compare_practical::note(comparison); !practical.empty())
        out.append("\n").append(markdownEscape(practical));
    out.append(compare_many::omnibusSection(comparison, options.digits, compare_many::Style::Markdown));
    return out.append(usersLine(comparison, options)).append(".\n");
}

} // namespace ranklab::compare_format
