#pragma once
// The partial state of `compare` over a range of user buckets: eval's
// state (each model's moments per metric), and per compared pair and metric
// the moments of the differences d = a − b (paired t, Cohen's d_z, the t
// interval), wins/ties/losses, and the signed magnitudes of d (Wilcoxon).
// Merged states of ranges covering every bucket give the Comparison that
// `compare` prints, bit for bit: comparisonOf() computes from the states
// what compareEvaluation() computes from the per-user columns (a test
// checks both agree exactly).
//
// The resampling procedures merge too, their draws keyed by user:
//  * randomization: the sign flips of keyed_flips.h, each bucket's flipped
//    sums carried up the bucket tree (bucket_tree.h) as the fewest whole
//    nodes covering the range; a state of at most randomizationExactMaxN
//    users also keeps its users' keys and differences, for the test over
//    every sign vector when all shards together have that few;
//  * bootstrap (intervals and test): the resamples of keyed_bootstrap.h,
//    whose split of the draws between buckets needs every bucket's user
//    count: a shard given them (`bucketSizes`) carries its sums; a shard
//    without them is "pending" and carries its bucket counts, which merge
//    into the sizes file its second pass takes.
// Set-level metrics are refused (their comparisons resample users' lists).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/cohort_bins.h"
#include "shard/eval_partial.h"
#include "compare/comparison.h"
#include "stats/keyed_flips.h"
#include "stats/signed_magnitudes.h"

namespace ranklab::shard {

struct ComparePartial {
    EvalPartial eval;
    stats::ComparisonOptions options;  // tests, correction, alpha, level, baseline, resamples, seed
    struct Pair {
        stats::ExactMoments difference;
        stats::WinsTiesLosses winsTiesLosses;
        stats::SignedMagnitudes signedMagnitudes;  // filled when the Wilcoxon test is asked for
    };
    // Metric-major, as Comparison::pairs: per metric, per pair of stats::comparedPairs().
    std::vector<Pair> pairs;
    // The evaluated users of each bucket the state covers (kBuckets entries, 0 elsewhere).
    std::vector<std::uint64_t> bucketUsers;
    // Randomization test (when asked for): the flipped sums of the pairs'
    // differences, columns as `pairs`.
    std::optional<stats::FlipSums> flips;
    struct ExactRow {
        UserKey key;
        std::vector<double> differences;  // as `pairs`
    };
    std::vector<ExactRow> exactRows;  // when the state has at most randomizationExactMaxN users
    // Bootstrap (intervals or test): pending without every bucket's size,
    // else the resampled sums of the model columns [model · metrics + i].
    bool bootstrapPending = false;
    std::vector<stats::TreeNode> bootstrap;
};

// `bucketSizes`: every bucket's evaluated users (kBuckets entries), for the
// bootstrap; none: the bootstrap is left pending.
ComparePartial comparePartial(const Evaluation& eval, const BucketRange& range, const UserCounts& counts,
                              const stats::ComparisonOptions& options,
                              const std::vector<std::uint64_t>* bucketSizes = nullptr);
ComparePartial mergeComparePartials(const std::vector<ComparePartial>& parts, const std::vector<std::string>& names);
// The comparison of a state covering every bucket (throws naming missing buckets).
stats::Comparison comparisonOf(const ComparePartial& whole);

// The bucket sizes file a pending bootstrap's second pass takes (--bucket-sizes):
// every bucket's users, from merged states covering all buckets, and for
// cohorts each cohort's ({"format": "ranklab-bucket-sizes", "version": 1,
// "users": [4096 counts], "cohorts": [{"label", "users"}, ...]}).
struct BucketSizes {
    std::vector<std::uint64_t> users;
    std::vector<std::pair<std::string, std::vector<std::uint64_t>>> cohorts;
    std::vector<CountBin> quantileBins;  // quantile cohorts: the bins cut over every user ("quantile_bins")
    // A cohort's sizes; throws ranklab::Error naming the label when missing.
    const std::vector<std::uint64_t>& of(const std::string& cohort) const;
};
std::string writeBucketSizes(const BucketSizes& sizes);
std::string writeBucketSizes(const std::vector<std::uint64_t>& sizes);
BucketSizes readBucketSizesFile(const std::string& text, const std::string& fileName);
std::vector<std::uint64_t> readBucketSizes(const std::string& text, const std::string& fileName);

std::string writeComparePartial(const ComparePartial& partial);
ComparePartial readComparePartial(const std::string& text, const std::string& fileName);

} // namespace ranklab::shard
