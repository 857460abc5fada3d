#pragma once
// Bootstrap resamples of the users drawn bucket by bucket, so that shards
// over bucket ranges and a single machine draw the same resamples and form
// the same sums (the resampled means of resampled_means.h, keyed).
//
// Resample r draws n users with replacement from all n. How many of the n
// draws fall in each node of 16 buckets (level 4 of the bucket tree,
// bucket_tree.h) is multinomial with the nodes' shares of the users; it is
// drawn down the tree: a node whose draws number m sends
// Binomial(m, n_left/(n_left + n_right)) of them to its left child and the
// rest to its right (boost::random's binomial_distribution, from the stream
// keyed by (seed, node, r); a child without users gets none, with no
// draw). A 16-bucket node's m draws are then uniform over its users, taken
// bucket by bucket in their layout order (user_layout.h), from the stream
// keyed by (seed, node, r) (IndexDraws: exactly uniform); a shard holding
// part of the node makes the same m draws and keeps those that fall on its
// users. Each bucket's sums Σ count·x (addGroupedRows) go up the tree; at
// the root, divided by n, they are the resampled means. (Splitting down to
// single buckets would take 4,095 binomial draws per resample instead of
// 255, most of the time at 100,000 users.)
//
// The split needs every bucket's user count before any bucket draws: a
// shard is given the counts of all buckets (the sizes its own users must
// match), which is why a sharded bootstrap takes two passes.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "stats/bucket_tree.h"
#include "stats/resampled_means.h"
#include "stats/resampling.h"
#include "stats/user_layout.h"

namespace ranklab::stats {

// The level of the tree whose nodes (16 buckets each) draw their users
// uniformly: nodes kFirstDrawNode .. 2·kFirstDrawNode − 1.
inline constexpr std::uint32_t kDrawLevel = 4;
inline constexpr std::uint32_t kFirstDrawNode = kTreeLeaves >> kDrawLevel;

// How resample r's n draws fall into the 16-bucket nodes that meet
// begin:end, given every bucket's users (kUserBuckets counts): the binomial
// splits down the tree.
class BucketSplit {
public:
    BucketSplit(std::uint64_t seed, std::span<const std::uint64_t> bucketSizes, std::uint32_t begin = 0,
                std::uint32_t end = kTreeLeaves);
    // out[d − ⌊begin/16⌋]: resample r's draws in node kFirstDrawNode + d
    // (buckets 16d .. 16d + 15), for every d that meets begin:end.
    void draws(std::uint64_t r, std::span<std::uint32_t> out) const;

private:
    std::uint32_t begin_, end_;
    std::vector<std::uint64_t> users_;  // per node (heap numbering)
    std::vector<double> left_;          // per inner node with users on both sides: the left child's share; else 0
    std::vector<std::uint64_t> key_;    // per such node: its stream's key
};

// The sums of options.resamples resamples over the users of buckets
// begin:end: values[r·columns + c] = Σ count·columns[c]. Throws
// ranklab::Error when the layout's bucket sizes in begin:end differ from
// bucketSizes, Cancelled when options.progress is cancelled.
std::vector<TreeNode> keyedBootstrapSums(const UserLayout& layout, std::span<const std::span<const double>> columns,
                                         std::span<const std::uint64_t> bucketSizes, std::uint32_t begin,
                                         std::uint32_t end, const ResamplingOptions& options);

// The resampled means from sums whose nodes tile every bucket (n users).
ResampledMeans keyedMeans(std::span<const TreeNode* const> sums, std::size_t columns, std::size_t resamples,
                          std::size_t n);

// keyedBootstrapSums over every bucket, then keyedMeans: a single machine's
// resampled means.
ResampledMeans keyedResampleMeans(std::span<const UserKey> keysOfRows, std::span<const std::span<const double>> columns,
                                  const ResamplingOptions& options);

// bootstrapMeanIntervals (bootstrap.h) with the keyed resamples.
std::vector<BootstrapInterval> keyedBootstrapIntervals(std::span<const UserKey> keysOfRows,
                                                       std::span<const std::span<const double>> columns, double level,
                                                       const ResamplingOptions& options);

} // namespace ranklab::stats
