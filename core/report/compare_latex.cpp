// The comparison as LaTeX: booktabs tables of the means (best in bold,
// significance marks as superscripts, a legend row) and of the pairs.
#include <algorithm>
#include <cstdio>

#include "report/compare_format.h"
#include "report/compare_many.h"
#include "report/compare_practical.h"
#include "report/compare_marks.h"

namespace ranklab::compare_format {
namespace {

std::string marks(const stats::Comparison& comparison, const MeanMarks& m) {
    if (comparison.options.baseline) {
        if (m.better) return "$^{\\dagger}$";
        if (m.worse) return "$^{\\ddagger}$";
        return {};
    }
    if (m.betterThan.empty()) return {};
    return std::string("$^{\\text{").append(modelLetters(m.betterThan)).append("}}$");
}

std::string interval(const Interval& i, int digits) {
    if (!i.shown) return {};
    if (i.symmetric) return std::string(" {\\scriptsize $\\pm$").append(fixed(i.halfWidth, digits)).append("}");
    return std::string(" {\\scriptsize [").append(fixed(i.lo, digits)).append(", ").append(fixed(i.hi, digits)).append(
        "]}");
}

std::string legend(const stats::Comparison& comparison) {
    std::string out = "Best in bold";
    const std::string basis = marksBasis(comparison);
    if (!basis.empty()) {
        if (comparison.options.baseline)
            out.append("; $^{\\dagger}$/$^{\\ddagger}$: significantly better/worse than ")
                .append(latexEscape(comparison.models[*comparison.options.baseline]));
        else
            out.append("; $^{\\text{xy}}$: significantly better than models x and y");
        out.append(" (").append(latexEscape(basis)).append(")");
    }
    return out + ".";
}

std::string meansTable(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    const auto markCells = meanMarks(comparison);
    const auto best = bestMeans(comparison);
    const bool letters = !comparison.options.baseline;
    const std::size_t columns = (letters ? 2 : 1) + comparison.metrics.size();
    const ShownInterval shown = effectiveInterval(comparison, options.interval);
    std::string out = std::string("\\begin{tabular}{").append(letters ? "cl" : "l").append(
        std::string(comparison.metrics.size(), 'r')).append("}\n\\toprule\n");
    out += letters ? "\\# & Model" : "Model";
    for (const auto& id : comparison.metricIds) out.append(" & ").append(latexEscape(id));
    out += " \\\\\n\\midrule\n";
    for (std::size_t m = 0; m < comparison.models.size(); ++m) {
        if (letters) out.append(modelLetter(m)).append(" & ");
        out += latexEscape(comparison.models[m]);
        for (std::size_t i = 0; i < comparison.metrics.size(); ++i) {
            std::string value = fixed(comparison.means[m][i].moments.mean, options.digits);
            if (best[m][i]) value = std::string("\\textbf{").append(value).append("}");
            out.append(" & ").append(value).append(marks(comparison, markCells[m][i]));
            out.append(interval(meanInterval(comparison.means[m][i], shown), options.digits));
        }
        out += " \\\\\n";
    }
    out += "\\bottomrule\n";
    out.append("\\multicolumn{").append(std::to_string(columns)).append("}{l}{\\footnotesize ");
    out.append(legend(comparison)).append("} \\\\\n\\end{tabular}\n");
    return out;
}

std::string pairsTable(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    const int digits = options.digits;
    const ShownInterval shown = effectiveInterval(comparison, options.interval);
    std::string out = "\\begin{tabular}{lll";
    out.append(shown == ShownInterval::None ? "rrr" : "rrrr");
    const auto practicalHeader = compare_practical::pairHeader(comparison, compare_practical::Style::Latex);
    out.append(std::string(2 * comparison.options.tests.size() + comparison.options.many.size() +
                               practicalHeader.size(),
                           'r'))
        .append("}\n\\toprule\n");
    out += "A & B & Metric & $\\Delta$";
    if (shown != ShownInterval::None) out.append(" & ").append(latexEscape(intervalName(comparison, shown)));
    out += " & $d_z$ & W/T/L";
    for (auto test : comparison.options.tests) {
        const std::string name(stats::toString(test));
        out.append(" & $p_{\\text{").append(name).append("}}$ & $p^{\\text{adj}}_{\\text{").append(name).append(
            "}}$");
    }
    for (auto test : comparison.options.many)
        out.append(" & $p^{\\text{adj}}_{\\text{").append(stats::pairKey(test)).append("}}$");
    for (const auto& h : practicalHeader) out.append(" & ").append(h);
    out += " \\\\\n\\midrule\n";
    for (const auto& pair : comparison.pairs) {
        const auto i = static_cast<std::size_t>(
            std::find(comparison.metrics.begin(), comparison.metrics.end(), pair.metric) - comparison.metrics.begin());
        out.append(latexEscape(comparison.models[pair.a])).append(" & ").append(latexEscape(comparison.models[pair.b]));
        out.append(" & ").append(latexEscape(comparison.metricIds[i])).append(" & ").append(fixed(pair.meanDiff, digits));
        const Interval ci = diffInterval(pair, shown);
        if (ci.shown) out.append(" & [").append(fixed(ci.lo, digits)).append(", ").append(fixed(ci.hi, digits)).append("]");
        out.append(" & ").append(fixed(pair.cohensDz, digits)).append(" & ").append(winsTiesLosses(pair));
        for (const auto& outcome : pair.tests) {
            out.append(" & ").append(pvalue(outcome.pvalue, digits)).append(" & ").append(pvalue(outcome.adjusted, digits));
            if (outcome.significant) out += "$^{*}$";
        }
        for (const auto& cell : compare_many::pairCells(pair, digits, compare_many::Style::Latex)) out.append(" & ").append(cell);
        for (const auto& cell : compare_practical::pairCells(comparison, pair, digits))
            out.append(" & ").append(latexEscape(cell));
        out += " \\\\\n";
    }
    char alpha[32];
    std::snprintf(alpha, sizeof alpha, "%g", comparison.options.alpha);
    out.append("\\bottomrule\n\\multicolumn{")
        .append(std::to_string(3 + (shown == ShownInterval::None ? 3 : 4) + 2 * comparison.options.tests.size() +
                               comparison.options.many.size() + practicalHeader.size()))
        .append("}{l}{\\footnotesize $\\Delta$ = A $-$ B; $p^{\\text{adj}}$: ")
        .append(latexEscape(correctionDisplayName(comparison.options.correction)))
        .append(" over all the pairs and metrics of each test; $^{*}$: significant at $\\alpha = ")
        .append(alpha)
        .append("$.} \\\\\n\\end{tabular}\n");
    return out;
}

} // namespace

std::string latexReport(const stats::Comparison& comparison, const ComparisonReportOptions& options) {
    std::string out = "% RankLab comparison: " + usersLine(comparison, options) + "\n";
    out += "% requires \\usepackage{booktabs} and \\usepackage{amsmath} (for \\text)\n";
    out += meansTable(comparison, options);
    out += "\n";
    out += pairsTable(comparison, options);
    out += compare_many::omnibusSection(comparison, options.digits, compare_many::Style::Latex);
    return out;
}

} // namespace ranklab::compare_format
