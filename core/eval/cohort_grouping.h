#pragma once
// Users grouped into cohorts, for per-cohort results:
//  * Relevant:  by R, the user's number of relevant items (grade ≥ θ), in
//               bins (default 1, 2, 3-5, 6-10, 11+);
//  * Activity:  by the user's number of training interactions, i.e. items
//               in the exclusions file, in quantile bins (default quartiles)
//               or given bins;
//  * Attribute: by the cohort file (`user group`); users without a group go
//               to "(none)".
// Every averaged user lands in exactly one cohort: with bins, a value that no
// bin holds goes to the cohort "(other)".
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/dataset.h"
#include "eval/cohort_bins.h"

namespace ranklab {

enum class CohortGrouping { Relevant, Activity, Attribute };
const char* cohortGroupingName(CohortGrouping grouping);  // "relevant", "activity", "attribute"
std::optional<CohortGrouping> parseCohortGrouping(std::string_view name);

struct CohortSpec {
    CohortGrouping by = CohortGrouping::Relevant;
    // Explicit bins (Relevant, Activity). Empty: Relevant uses the default
    // bins unless `quantiles` is set; Activity uses quantile bins.
    std::vector<CountBin> bins;
    std::optional<std::size_t> quantiles;  // Activity default: 4
    double relevanceThreshold = 1.0;       // θ for Relevant
};

inline constexpr std::string_view kNoGroupLabel = "(none)";
inline constexpr std::string_view kOtherBinLabel = "(other)";

struct CohortAssignment {
    CohortGrouping by = CohortGrouping::Relevant;
    std::vector<std::string> labels;       // one per cohort, in display order
    std::vector<CountBin> bins;            // the bins used (Relevant, Activity)
    std::vector<std::size_t> cohortOfRow;  // per given user (row), an index into labels
    std::vector<std::uint64_t> valueOfRow; // per row: R or the activity (0 for Attribute)
};

// Assigns each of `users` (an Evaluation's rows) to a cohort. Throws Error
// when the grouping needs a file the dataset lacks (Activity: exclusions,
// Attribute: cohorts).
CohortAssignment assignCohorts(const Dataset& data, std::span<const UserId> users, const CohortSpec& spec);

} // namespace ranklab
