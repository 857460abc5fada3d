#pragma once
// The users of a per-user table in the order the keyed resampling visits
// them (keyed_flips.h, keyed_bootstrap.h): by bucket, and within a bucket by
// key (common/user_key.h), whatever order the table's rows come in. Two
// machines holding the same bucket's users visit them in the same order, so
// they form the same sums.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "common/user_key.h"

namespace ranklab::stats {

struct UserLayout {
    std::vector<std::uint32_t> rows;    // position -> row of the table
    std::vector<std::uint64_t> hashes;  // position -> the user's key hash
    std::vector<std::uint32_t> start;   // bucket b holds positions start[b] .. start[b + 1]

    std::size_t size() const { return rows.size(); }
    std::uint32_t bucketSize(std::uint32_t b) const { return start[b + 1] - start[b]; }
    // The users of every bucket (kUserBuckets entries).
    std::vector<std::uint64_t> bucketSizes() const;

    // Throws ranklab::Error for 2^32 rows or more.
    static UserLayout of(std::span<const UserKey> keysOfRows);
};

} // namespace ranklab::stats
