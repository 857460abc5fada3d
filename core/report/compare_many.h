#pragma once
// The many-model procedures (stats/many_model_tests.h) in every format of the
// comparison report: per pair, beside the paired tests; per metric, the
// omnibus results (Tukey's largest q, the randomized range, Friedman's χ²
// with the Nemenyi critical difference and the average ranks). Internal to
// core/report.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/comparison.h"

namespace ranklab::compare_many {

enum class Style { Text, Markdown, Latex };

// JSON: each many-model pair outcome added to a pair's `tests` object under
// its key (tukey, randomized-tukey, nemenyi): {statistic, p_adjusted,
// significant} and, for tukey, ci.
void addPairTests(const stats::PairComparison& pair, nlohmann::ordered_json& tests);
// JSON: the top-level `many` list, [{metric, test, statistic, p, ...}].
nlohmann::ordered_json omnibusJson(const stats::Comparison& comparison);

// CSV: the header fields and one pair's cells (full precision).
std::vector<std::string> csvHeader(const stats::Comparison& comparison);
std::vector<std::string> csvCells(const stats::Comparison& comparison, const stats::PairComparison& pair);

// Tables: a "<key> p_adj" column per procedure; the cell marks a
// significant pair (* in text, \* in md, $^{*}$ in latex).
std::vector<std::string> pairHeader(const stats::Comparison& comparison);
std::vector<std::string> pairCells(const stats::PairComparison& pair, int digits, Style style);
// The omnibus table with a heading and a note; empty without procedures.
std::string omnibusSection(const stats::Comparison& comparison, int digits, Style style);

} // namespace ranklab::compare_many
