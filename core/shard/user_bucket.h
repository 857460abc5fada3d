#pragma once
// The fixed partition of users for sharded evaluation: every user id goes
// to one of 4,096 logical buckets by a hash of its bytes, the same on every
// machine, compiler and run:
//
//   h      = FNV-1a 64 of the id's bytes (offset 14695981039346656037,
//            prime 1099511628211)
//   mixed  = SplitMix64's finaliser of h (x ^= x >> 30; x *= 0xbf58476d1ce4e5b9;
//            x ^= x >> 27; x *= 0x94d049bb133111eb; x ^= x >> 31)
//   bucket = mixed >> 52   (the top 12 bits: 0 .. 4095)
//
// A shard is a half-open range of buckets a:b; the shards of one evaluation
// are disjoint and together cover 0:4096.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/user_key.h"

namespace ranklab::shard {

inline constexpr std::uint32_t kBuckets = kUserBuckets;

using ranklab::fnv1a64;
using ranklab::splitMix64Finalizer;
std::uint32_t userBucket(std::string_view userId);

struct BucketRange {
    std::uint32_t begin = 0;
    std::uint32_t end = kBuckets;  // exclusive
    bool contains(std::uint32_t bucket) const { return bucket >= begin && bucket < end; }
    bool whole() const { return begin == 0 && end == kBuckets; }
};

// "a:b" with 0 <= a < b <= 4096; throws ranklab::Error naming what was expected.
BucketRange parseBucketRange(std::string_view text);
std::string toString(const BucketRange& range);

// Sorted, disjoint ranges; throws ranklab::Error when two overlap (naming them).
std::vector<BucketRange> unionOfDisjoint(std::vector<BucketRange> ranges);
// The buckets the ranges leave out, as "a:b, c:d" (empty when they cover all).
std::string missingBuckets(const std::vector<BucketRange>& sortedDisjoint);

} // namespace ranklab::shard
