#include "report/compare_practical.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "report/compare_format.h"

namespace ranklab::compare_practical {
namespace {

using nlohmann::ordered_json;

ordered_json number(double value) { return std::isfinite(value) ? ordered_json(value) : ordered_json(nullptr); }

} // namespace

bool hasRankBiserial(const stats::Comparison& comparison) {
    const auto& tests = comparison.options.tests;
    return std::find(tests.begin(), tests.end(), stats::SignificanceTest::Wilcoxon) != tests.end();
}

bool hasPractical(const stats::Comparison& comparison) {
    return std::any_of(comparison.pairs.begin(), comparison.pairs.end(),
                       [](const stats::PairComparison& pair) { return pair.practical.has_value(); });
}

void addPairJson(const stats::Comparison& comparison, const stats::PairComparison& pair, ordered_json& pairJson) {
    if (hasRankBiserial(comparison) && pairJson["tests"].contains("wilcoxon"))
        pairJson["tests"]["wilcoxon"]["rank_biserial"] = number(pair.rankBiserial);
    if (!hasPractical(comparison)) return;
    if (!pair.practical) {
        pairJson["practical"] = nullptr;
        return;
    }
    const auto& p = *pair.practical;
    pairJson["practical"] = {{"min_effect", p.minEffect.toString()},
                             {"delta", number(p.delta)},
                             {"tost_p", number(p.tost.pvalue)},
                             {"p_lower", number(p.tost.pLower)},
                             {"p_upper", number(p.tost.pUpper)},
                             {"class", std::string(stats::toString(p.practicalClass))}};
}

std::vector<std::string> csvHeader(const stats::Comparison& comparison) {
    std::vector<std::string> out;
    if (hasRankBiserial(comparison)) out.push_back("wilcoxon_rank_biserial");
    if (hasPractical(comparison)) out.insert(out.end(), {"min_effect", "delta", "tost_p", "class"});
    return out;
}

std::vector<std::string> csvCells(const stats::Comparison& comparison, const stats::PairComparison& pair) {
    std::vector<std::string> out;
    if (hasRankBiserial(comparison)) out.push_back(compare_format::full(pair.rankBiserial));
    if (hasPractical(comparison)) {
        if (pair.practical) {
            const auto& p = *pair.practical;
            out.insert(out.end(), {p.minEffect.toString(), compare_format::full(p.delta),
                                   compare_format::full(p.tost.pvalue), std::string(stats::toString(p.practicalClass))});
        } else {
            out.insert(out.end(), {"", "NaN", "NaN", ""});
        }
    }
    return out;
}

std::vector<std::string> pairHeader(const stats::Comparison& comparison, Style style) {
    std::vector<std::string> out;
    const bool latex = style == Style::Latex;
    if (hasRankBiserial(comparison)) out.push_back(latex ? "$r_{\\text{rb}}$" : "r_rb");
    if (hasPractical(comparison)) {
        out.push_back(latex ? "$\\delta$" : "δ");
        out.push_back(latex ? "$p_{\\text{TOST}}$" : "TOST p");
        out.push_back("class");
    }
    return out;
}

std::vector<std::string> pairCells(const stats::Comparison& comparison, const stats::PairComparison& pair,
                                   int digits) {
    std::vector<std::string> out;
    if (hasRankBiserial(comparison)) out.push_back(compare_format::fixed(pair.rankBiserial, digits));
    if (hasPractical(comparison)) {
        if (pair.practical) {
            const auto& p = *pair.practical;
            out.push_back(compare_format::fixed(p.delta, digits));
            out.push_back(compare_format::pvalue(p.tost.pvalue, digits));
            out.push_back(std::string(stats::toString(p.practicalClass)));
        } else {
            out.insert(out.end(), {"", "", ""});
        }
    }
    return out;
}

std::string rankBiserialNote(const stats::Comparison& comparison) {
    return hasRankBiserial(comparison) ? "; r_rb: matched-pairs rank-biserial correlation (W+ − W−)/(W+ + W−)" : "";
}

std::string note(const stats::Comparison& comparison) {
    std::string out;
    if (hasPractical(comparison)) {
        char alpha[32];
        std::snprintf(alpha, sizeof alpha, "%g", comparison.options.alpha);
        out.append("δ: the smallest difference that matters (")
            .append(comparison.options.minEffect.toString())
            .append("; % of b's mean); class at alpha ")
            .append(alpha)
            .append(": equivalent where TOST p < alpha, else better/worse where the paired t-test's p < alpha, "
                    "else inconclusive (Lakens et al. 2018)\n");
    }
    return out;
}

} // namespace ranklab::compare_practical
