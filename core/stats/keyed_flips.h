#pragma once
// The random sign flips of the randomization test (randomization_test.h)
// keyed by user, so that shards over bucket ranges and a single machine
// make the same flips and the same sums.
//
// Flip r of the user whose key hash is h (common/user_key.h) is bit r mod 64
// of word ⌊r/64⌋ of the user's own stream, splitmix64's outputs from
// s = mix64(K ⊕ h) (K the key of the seed and of sign flips):
//   word j = mix64(s + j·0x9e3779b97f4a7c15)
// a counter-based draw: it depends on (seed, user, flip) alone.
//
// Per bucket, in the bucket's user order (user_layout.h), F_r = the sum of
// the flipped users' values for every flip r and column (by addGroupedRows:
// weighted_row_sums.h) and T = the plain sum of the values go up the bucket
// tree (bucket_tree.h). At the root the flipped mean of flip r is
// (T − 2·F_r)/n, and flip r is at least as extreme as the data when its
// |mean| ≥ |observed mean| − tolerance.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "stats/bucket_tree.h"
#include "stats/randomization_test.h"
#include "stats/resampling.h"
#include "stats/user_layout.h"

namespace ranklab::stats {

struct FlipSums {
    std::size_t columns = 0;
    std::size_t flips = 0;
    std::vector<TreeNode> flipped;  // values[r·columns + c]: F_r of column c
    std::vector<TreeNode> totals;   // values[c]: T of column c
};

// The flip words of user hash h for flips 64j .. 64j + 63.
std::uint64_t flipStream(std::uint64_t seed, std::uint64_t hash);
inline std::uint64_t flipWord(std::uint64_t stream, std::uint64_t j) {
    return synth::mix64(stream + j * 0x9e3779b97f4a7c15ull);
}

// The sums over the users of buckets begin:end (columns[c][row], the rows the
// layout orders), options.resamples flips from options.seed. Throws
// Cancelled when options.progress is cancelled.
FlipSums keyedFlipSums(const UserLayout& layout, std::span<const std::span<const double>> columns,
                       std::uint32_t begin, std::uint32_t end, const ResamplingOptions& options);

// Each column's test from sums whose nodes tile every bucket: observed[c]
// the mean difference of all n users. p = (1 + #≥)/(1 + flips).
std::vector<RandomizationResult> keyedFlipTests(std::span<const TreeNode* const> flipped,
                                                std::span<const TreeNode* const> totals, std::size_t columns,
                                                std::size_t flips, std::span<const double> observed, std::size_t n,
                                                double tolerance);

} // namespace ranklab::stats
