#include "stats/user_layout.h"

#include <algorithm>
#include <numeric>

#include "common/error.h"

namespace ranklab::stats {

std::vector<std::uint64_t> UserLayout::bucketSizes() const {
    std::vector<std::uint64_t> out(kUserBuckets);
    for (std::uint32_t b = 0; b < kUserBuckets; ++b) out[b] = bucketSize(b);
    return out;
}

UserLayout UserLayout::of(std::span<const UserKey> keys) {
    if (keys.size() >= (std::size_t{1} << 32)) throw Error("resampling: at most 2^32 - 1 users");
    UserLayout out;
    out.rows.resize(keys.size());
    std::iota(out.rows.begin(), out.rows.end(), std::uint32_t{0});
    // The hash's top bits are the bucket, so key order is bucket order.
    std::sort(out.rows.begin(), out.rows.end(), [&](std::uint32_t a, std::uint32_t b) {
        return keys[a] != keys[b] ? keys[a] < keys[b] : a < b;
    });
    out.hashes.resize(keys.size());
    out.start.assign(kUserBuckets + 1, 0);
    for (std::size_t p = 0; p < keys.size(); ++p) {
        out.hashes[p] = keys[out.rows[p]].hash;
        ++out.start[keys[out.rows[p]].bucket() + 1];
    }
    for (std::uint32_t b = 0; b < kUserBuckets; ++b) out.start[b + 1] += out.start[b];
    return out;
}

} // namespace ranklab::stats
