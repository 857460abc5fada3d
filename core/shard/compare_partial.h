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
// Supported: the t and Wilcoxon tests, t intervals (--no-bootstrap), every
// correction. The bootstrap and randomization (their draws keyed by user)
// and set-level metrics are refused with a message saying so.
#include <string>
#include <vector>

#include "shard/eval_partial.h"
#include "compare/comparison.h"
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
};

// Throws ranklab::Error for what the partial state cannot carry (see above).
void requireMergeable(const stats::ComparisonOptions& options);

ComparePartial comparePartial(const Evaluation& eval, const BucketRange& range, const UserCounts& counts,
                              const stats::ComparisonOptions& options);
ComparePartial mergeComparePartials(const std::vector<ComparePartial>& parts, const std::vector<std::string>& names);
// The comparison of a state covering every bucket (throws naming missing buckets).
stats::Comparison comparisonOf(const ComparePartial& whole);

std::string writeComparePartial(const ComparePartial& partial);
ComparePartial readComparePartial(const std::string& text, const std::string& fileName);

} // namespace ranklab::shard
