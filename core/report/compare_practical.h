#pragma once
// Practical significance (stats/practical_significance.h) in every format of
// the comparison report: per pair, the rank-biserial correlation beside the
// Wilcoxon test (when it ran) and, for the metrics with a δ, δ, TOST's p and
// the class (better / worse / equivalent / inconclusive). Internal to
// core/report.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/comparison.h"

namespace ranklab::compare_practical {

enum class Style { Text, Markdown, Latex };

// Whether the Wilcoxon test ran (a rank-biserial column), whether some pair
// has a δ (the practical columns).
bool hasRankBiserial(const stats::Comparison& comparison);
bool hasPractical(const stats::Comparison& comparison);

// JSON: `tests.wilcoxon.rank_biserial` (when the Wilcoxon test ran) and
// `practical` = {min_effect, delta, tost_p, p_lower, p_upper, class} (null
// for a pair whose metric has no δ, absent when no metric has one).
void addPairJson(const stats::Comparison& comparison, const stats::PairComparison& pair,
                 nlohmann::ordered_json& pairJson);

// CSV: wilcoxon_rank_biserial; min_effect, delta, tost_p, class.
std::vector<std::string> csvHeader(const stats::Comparison& comparison);
std::vector<std::string> csvCells(const stats::Comparison& comparison, const stats::PairComparison& pair);

// Tables: "r_rb"; "δ", "TOST p", "class" (empty cells where a metric has no δ).
std::vector<std::string> pairHeader(const stats::Comparison& comparison, Style style);
std::vector<std::string> pairCells(const stats::Comparison& comparison, const stats::PairComparison& pair, int digits);
// The note under the pairs table saying what the practical columns mean;
// empty without them. rankBiserialNote: the words the pairs note appends
// when the r_rb column is shown (empty otherwise).
std::string rankBiserialNote(const stats::Comparison& comparison);
std::string note(const stats::Comparison& comparison);

} // namespace ranklab::compare_practical
