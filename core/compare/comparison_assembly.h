#pragma once
// The one assembly of a Comparison. compareEvaluation() (the per-user
// columns of one machine) and shard::comparisonOf() (the merged states of
// shards) both reduce their data to these parts and finish here, so the
// best model, the directions, every interval, the practical classes, the
// tests' p-values and their correction are computed by one function
// whatever the data came through. (They were once assembled twice, and the
// second assembly marked the highest mean best for lower-is-better metrics.)
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "stats/resampled_means.h"

namespace ranklab::stats {

struct ComparisonParts {
    ComparisonOptions options;            // as used (progress cleared)
    std::vector<std::size_t> metrics;     // the evaluation columns compared
    std::vector<std::string> metricIds;   // their canonical ids
    std::vector<Direction> directions;    // [i]: each metric's direction
    std::vector<std::string> models;
    std::size_t users = 0;
    std::vector<std::vector<Moments>> means;  // [model][i]
    // [model][i]: the value when every user has the same one (a constant
    // column's bootstrap interval is that value).
    std::vector<std::vector<std::optional<double>>> constants;
    // The bootstrap's resampled means, columns [model · metrics + i]; none
    // drawn: resamples = 0.
    ResampledMeans resampled;
    struct Pair {
        Moments difference;  // of d = a − b over the users
        WinsTiesLosses winsTiesLosses;
        bool constantDifference = false;  // every user's d the same
        std::optional<WilcoxonResult> wilcoxon;            // when the test is asked for
        std::optional<RandomizationResult> randomization;  // likewise
    };
    // Metric-major: per metric i, per pair of comparedPairs(models, baseline).
    std::vector<Pair> pairs;
};

// The comparison of `parts`: means with their t (and bootstrap) intervals,
// the best model of each metric in its direction, each pair's difference
// with its intervals, d_z, practical class and tests, each test's p-values
// corrected over the family. Many-model procedures are the caller's.
Comparison assembleComparison(const ComparisonParts& parts);

} // namespace ranklab::stats
