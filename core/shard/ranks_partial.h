#pragma once
// The partial state of `ranks` over a range of user buckets: per model the
// tallies of both rank histograms (compare/rank_distribution.h: the
// (expected) counts as fixed-point integer sums, so they add up to the
// whole's bits), the
// longest ranked list of the range's users and the --kmax asked for. K of
// the merged distributions is min(kmax, the longest list of any range),
// as the single command computes it over all users; a range's tallies run
// to min(kmax, its own longest list) and hold nothing past it.
//
// File (partial_file.h's shared fields, "command": "ranks", no metrics):
//   "ranks": {"kmax", "longest", "models": [{"name", "first": T, "all": T}]}
//   T = {"counts": [sum per rank 1..], "missing", "beyond", "total"}
// every sum [high, low] (unsigned 64-bit integers: high + low·2^-64, stats/fixed_sum.h).
#include <string>
#include <vector>

#include "compare/rank_distribution.h"
#include "shard/partial_header.h"

namespace ranklab::shard {

struct RanksPartial {
    PartialHeader header;
    std::uint32_t kmax = 0;     // as asked (0: the longest list)
    std::uint32_t longest = 0;  // of the users in header.buckets
    std::vector<ModelRankTallies> models;
};

// The state of tallies computed over the users of `range` (restrictToBuckets).
RanksPartial ranksPartial(RankTallies tallies, const BucketRange& range, const UserCounts& counts);
// Merges states of the same settings, kmax and models over disjoint
// ranges; throws ranklab::Error naming the file of the first difference or overlap.
RanksPartial mergeRanksPartials(const std::vector<RanksPartial>& parts, const std::vector<std::string>& names);
// The distributions `ranks` prints, from a state covering every bucket
// (throws naming the missing buckets otherwise).
RankDistributions rankDistributionsOf(const RanksPartial& whole);

std::string writeRanksPartial(const RanksPartial& partial);
// Throws ranklab::Error naming `fileName` and what was expected.
RanksPartial readRanksPartial(const std::string& text, const std::string& fileName);

} // namespace ranklab::shard
