#pragma once
// Models compared within each cohort: the rows of a cohort's users form a
// sub-Evaluation, and compareEvaluation() runs on it, so every cohort gets
// its means with CIs, its pairs with tests, and its best model. Corrections
// for multiple testing run over the family within one cohort (pairs × metric
// columns of that cohort), as a per-cohort table is read on its own; they do
// not span cohorts. A cohort flags each metric where its best model differs
// from the best over all users.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/progress.h"
#include "eval/cohort_grouping.h"
#include "eval/evaluation.h"
#include "rank/rank_cache.h"
#include "compare/comparison.h"
#include "compare/set_level_comparison.h"

namespace ranklab {

struct CohortResult {
    std::string label;
    std::size_t users = 0;
    // Empty when the cohort has no users.
    std::optional<stats::Comparison> comparison;
    // Per compared metric (comparison.metrics order): the cohort's best model
    // is not the overall best.
    std::vector<bool> bestDiffers;
    // Per compared metric: when bestDiffers, whether the pair (cohort best,
    // overall best) is significant in this cohort under the first test
    // (after the correction; false without pairs or tests).
    std::vector<bool> differenceSignificant;
    // The set-level columns (coverage, gini, ...) over the cohort's users:
    // the statistic with its bootstrap interval and differences. Empty
    // without set-level columns or without the data to rank.
    std::optional<stats::SetLevelComparison> setLevel;
};

struct CohortComparison {
    CohortGrouping by = CohortGrouping::Relevant;
    stats::Comparison overall;  // over every averaged user
    std::optional<stats::SetLevelComparison> overallSetLevel;  // as CohortResult::setLevel
    std::vector<CohortResult> cohorts;
};

// The rows `rows` of `evaluation` as an Evaluation of their own (means
// recomputed; counts.evaluated = rows.size()).
Evaluation subEvaluation(const Evaluation& evaluation, std::span<const std::size_t> rows);

// A cohort's result from its comparison (none when it has no users): where
// its best model differs from `overall`'s, and whether that pair is
// significant in the cohort (merged partial states of cohorts use it too).
CohortResult cohortResultOf(std::string label, std::size_t users, std::optional<stats::Comparison> comparison,
                            const stats::Comparison& overall);

// Compares the models overall and within every cohort of `assignment` (made
// for evaluation.users). `progress` (optional) is told the fraction done and
// cancels (throws Cancelled); options.resampling.progress is ignored.
// Set-level columns among options.metrics (or all of them when it is empty)
// are compared apart, from the users' lists, when `data` and `cache` (the
// evaluation's) are given; without them they are left out.
CohortComparison compareCohorts(const Evaluation& evaluation, const CohortAssignment& assignment,
                                const stats::ComparisonOptions& options, const Progress* progress = nullptr,
                                const Dataset* data = nullptr, RankCache* cache = nullptr);

} // namespace ranklab
