#pragma once
// How the keyed resampling adds up per-bucket sums so that a sharded run
// and a single machine form the same bits: a fixed binary tree over the
// 4,096 user buckets. Node (level l, index i) covers buckets
// [i·2^l, (i+1)·2^l) and is numbered as in a heap: the root is 1, node v's
// children are 2v and 2v + 1, bucket b's leaf is 4096 + b. A leaf's values
// are the bucket's own sums (formed in the bucket's fixed user order); a
// node's values are its two children's added element by element, left +
// right, a child without users left out; a node without users has no
// values.
//
// A shard over buckets a:b computes the values of the fewest whole nodes
// that cover a:b (at most 2·12 of them); any set of such nodes that tiles
// 0:4096 gives the root by the same additions a single machine makes. No
// exact arithmetic is needed: every addition is made in the same order on
// both sides.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace ranklab::stats {

inline constexpr std::uint32_t kTreeLeaves = 4096;
inline constexpr std::uint32_t kTreeRoot = 1;

struct TreeNode {
    std::uint32_t id = kTreeRoot;
    std::uint64_t users = 0;
    std::vector<double> values;  // empty when users == 0
};

struct BucketSpan {
    std::uint32_t begin = 0, end = kTreeLeaves;
};
BucketSpan bucketsOf(std::uint32_t node);

// The fewest whole nodes covering buckets begin:end, in bucket order.
std::vector<std::uint32_t> coveringNodes(std::uint32_t begin, std::uint32_t end);

// The nodes of coveringNodes(begin, end) with their users (bucketUsers:
// kTreeLeaves counts) and, where they have users, `width` zeros.
std::vector<TreeNode> emptyCoveringNodes(std::uint32_t begin, std::uint32_t end,
                                         std::span<const std::uint64_t> bucketUsers, std::size_t width);

// The values (`width` each) of coveringNodes(begin, end). bucketUsers[b]
// (kTreeLeaves entries) says which buckets have users; leaf(b, out) writes
// bucket b's width values, called for each bucket with users in begin:end.
// A node without users comes back with users = 0 and no values.
std::vector<TreeNode> sumTree(std::uint32_t begin, std::uint32_t end, std::span<const std::uint64_t> bucketUsers,
                              std::size_t width, const std::function<void(std::uint32_t, double*)>& leaf);

// The root's values (empty when no node has users) from nodes that tile
// 0:4096, in any order; throws ranklab::Error naming the buckets missing or
// covered twice, or nodes of different widths.
std::vector<double> treeRoot(std::span<const TreeNode* const> nodes);

} // namespace ranklab::stats
