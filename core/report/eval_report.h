#pragma once
// An evaluation as text for people and programs: an aligned table, CSV,
// JSON (full double precision), Markdown, or LaTeX (booktabs, best in bold).
#include <optional>
#include <string>
#include <string_view>

#include "data/id_space.h"
#include "eval/evaluation.h"

namespace ranklab {

enum class TableFormat { Text, Csv, Json, Markdown, Latex };
std::optional<TableFormat> parseTableFormat(std::string_view name);

// Models as rows, metric@k as columns, values with `digits` decimals (JSON:
// every digit).
std::string formatEvaluation(const Evaluation& eval, TableFormat format, int digits = 4);

// One row per (user, model): user, model, then every metric (TSV with a
// header; values with every digit).
std::string formatPerUser(const Evaluation& eval, const IdSpace& ids);

// Text escaping for the formats.
std::string csvField(std::string_view text);
std::string latexEscape(std::string_view text);
std::string markdownEscape(std::string_view text);

} // namespace ranklab
