#pragma once
// Where the relevant items land: per model, over the users the users policy
// averages (relevant = grade >= the relevance threshold, never a negative
// grade), the histogram and CDF over ranks 1..K of
//   first: the rank of each user's first relevant item (one unit per user);
//   all:   the rank of every relevant judged item (one unit per item).
// Beside ranks 1..K each histogram has one "not retrieved" bucket: a user
// with no relevant item ranked at or above K (no relevant judgment, none in
// the run, or the first one below K) or a relevant item the run does not
// rank or ranks below K. `beyondK` says how much of that bucket is ranked
// but below K. So the counts of a histogram always sum to its total: the
// averaged users (first) or their relevant judged items (all).
//
// Every count is a sum in 64.64 fixed point (stats/fixed_sum.h: integers,
// each share rounded down to 2^-64 once), rounded to a double once: the
// RankTallies of disjoint sets of users merge, in any order, into the
// tallies of their union, so shards of users (`ranklab-cli ranks --buckets
// a:b --partial OUT`, then `merge`) give the bits of the single command.
//
// Under tie policy `expected` the counts are exact expectations over every
// order of each tie group: a relevant item in a group of size s starting
// after position p has mass 1/s at each of p+1..p+s; a user's first relevant
// item, in the first group holding g relevant among s, sits at p+1+j with
// probability C(s−j−1, g−1)/C(s, g), j = 0..s−g. Deterministic policies give
// whole numbers. Plain vectors, no I/O (`ranklab-cli ranks`, the GUI's Rank
// distribution tab and `ranklab-cli plot` share it).
#include <cstdint>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "eval/user_selection.h"
#include "rank/rank_cache.h"
#include "stats/fixed_sum.h"

namespace ranklab {

struct RankHistogram {
    std::vector<double> counts;  // counts[r - 1]: (expected) count at rank r, r = 1..K
    double notRetrieved = 0;     // not ranked at or above K (beyondK included)
    double beyondK = 0;          // of notRetrieved: ranked, but below K
    double total = 0;            // users (first) or relevant judged items (all)
    std::vector<double> cdf;     // cdf[r - 1]: share of total at rank <= r (0 when total is 0)

    double retrieved() const { return total - notRetrieved; }
    // cdf.back(): the share ranked at or above K (0 when total or K is 0).
    double retrievedShare() const { return total > 0 ? retrieved() / total : 0.0; }
};

struct ModelRankDistribution {
    std::string model;
    RankHistogram first;  // rank of each user's first relevant item
    RankHistogram all;    // rank of every relevant item
    // Over the users whose first relevant item is at rank <= K (NaN if none):
    // the mean rank, and the median as the smallest r with at least half of
    // them at rank <= r.
    double meanFirstRank = 0;
    double medianFirstRank = 0;
};

struct RankDistributions {
    EvalSettings settings;  // ties, users, threshold, exclusions (settings.metrics unused)
    std::uint32_t kmax = 0;  // K: the longest ranked list among the averaged users over all models,
                             // or the kmax asked for when smaller
    UserCounts counts;
    std::vector<ModelRankDistribution> models;
};

// The exact counts behind one histogram over some users: the mergeable
// state. Positions past `counts.size()` hold nothing.
struct RankTally {
    std::vector<stats::FixedSum> counts;  // counts[r - 1]: at rank r
    stats::FixedSum missing;              // not ranked at all (or no relevant item)
    stats::FixedSum beyond;               // ranked below the tally's length
    stats::FixedSum total;

    RankTally() = default;
    explicit RankTally(std::size_t k) : counts(k) {}
    // Adds `other`; the result has the longer of the two lengths. Tallies of
    // different lengths merge only when the shorter one has nothing ranked
    // below its length (its length is its users' longest list).
    void merge(const RankTally& other);
};

struct ModelRankTallies {
    std::string model;
    RankTally first, all;
};

// The mergeable state of computeRankDistributions() over some users: the
// tallies of min(kmax, longest) ranks.
struct RankTallies {
    EvalSettings settings;     // as RankDistributions::settings
    std::uint32_t kmax = 0;    // as asked (0: the longest list)
    std::uint32_t longest = 0; // the longest ranked list among these users over all models
    UserCounts counts;
    std::vector<ModelRankTallies> models;
};

RankTallies tallyRanks(const Dataset& data, const EvalSettings& settings, std::uint32_t kmax, RankCache& cache,
                       const Progress* progress = nullptr);
// The distributions of the tallies (K = min(kmax, longest); shorter
// tallies are read as zero past their length).
RankDistributions rankDistributionsOf(const RankTallies& tallies);

// `kmax` 0: the longest list. Deterministic for any thread count; throws
// Cancelled when `progress` is cancelled.
RankDistributions computeRankDistributions(const Dataset& data, const EvalSettings& settings, std::uint32_t kmax,
                                           RankCache& cache, const Progress* progress = nullptr);

} // namespace ranklab
