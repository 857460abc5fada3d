#pragma once
// A comparison of models (stats::Comparison) as text for people and programs,
// for `ranklab-cli compare` and the summary table's export:
//  * table: the means table (models × metrics, mean with its interval, the
//    best per column marked, significance marks), then one row per pair and
//    metric (a, b, mean difference a − b, CI, d_z, wins/ties/losses, each
//    test's p and adjusted p, `*` where the correction rejects);
//  * csv: one row per pair and metric, every field, both means (mean_a,
//    mean_b), every digit; NaN written as NaN;
//  * json: settings, users, models (means and intervals per metric) and pairs
//    (mean_diff, ci, effect_size, wins/ties/losses, tests with p and
//    p_adjusted), every digit; NaN and ±inf as null;
//  * md: the means table and the pairs table in Markdown;
//  * latex: booktabs tables of the means (best in bold, marks as superscripts,
//    a legend row) and of the pairs.
// Models and metrics keep the Comparison's order. The marks
// (compare_marks.h) follow the first test of the comparison.
#include <optional>
#include <ostream>
#include <string>

#include "eval/evaluation.h"
#include "report/eval_report.h"
#include "compare/comparison.h"

namespace ranklab {

// The method of a CSV row (the last column): statistics on per-user values.
// Set-level rows say stats::kSetLevelMethod ("bootstrap over users").
inline constexpr const char* kPerUserMethod = "per-user values";


// How the compared evaluation was made: what a Comparison does not hold,
// for the JSON settings and the users line.
struct ComparisonContext {
    std::string ties;   // tie policy name
    std::string users;  // users policy name
    double rel = 1.0;
    bool exclusions = true;
    UserCounts counts;

    static ComparisonContext of(const Evaluation& evaluation);
};

// Which interval the table, md and latex formats show (csv and json carry
// both): t as `mean ± half-width`, bootstrap as `mean [lo, hi]` (t when the
// comparison has no bootstrap intervals), or none.
enum class ShownInterval { T, Bootstrap, None };
std::optional<ShownInterval> parseShownInterval(std::string_view name);

struct ComparisonReportOptions {
    int digits = 4;  // decimals in table, md and latex
    ShownInterval interval = ShownInterval::T;
    std::optional<ComparisonContext> context;
};

std::string formatComparison(const stats::Comparison& comparison, TableFormat format,
                             const ComparisonReportOptions& options = {});
void writeComparison(const stats::Comparison& comparison, TableFormat format, std::ostream& out,
                     const ComparisonReportOptions& options = {});

} // namespace ranklab
