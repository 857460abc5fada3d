#pragma once
// What a user id is known by wherever users are split or drawn at random:
// a 64-bit hash of the id's bytes, the same on every machine, compiler and
// run. Its top 12 bits are the user's bucket (one of 4,096: sharded
// evaluation), and the resampling procedures key each user's draws by it
// and order a bucket's users by it, so that a user's draws do not depend on
// which other users a machine holds.
//
//   hash   = SplitMix64's finaliser of FNV-1a 64 of the bytes (offset
//            14695981039346656037, prime 1099511628211;
//            x ^= x >> 30; x *= 0xbf58476d1ce4e5b9; x ^= x >> 27;
//            x *= 0x94d049bb133111eb; x ^= x >> 31)
//   tie    = the same finaliser of FNV-1a 64 with offset 0x84222325cbf29ce4:
//            orders two ids whose hashes collide (about n²/2^65 for n ids)
//   bucket = hash >> 52
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ranklab {

inline constexpr std::uint32_t kUserBuckets = 4096;
inline constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t offset = kFnvOffset);
std::uint64_t splitMix64Finalizer(std::uint64_t x);

struct UserKey {
    std::uint64_t hash = 0;
    std::uint64_t tie = 0;
    auto operator<=>(const UserKey&) const = default;
    std::uint32_t bucket() const { return static_cast<std::uint32_t>(hash >> 52); }
};

UserKey userKey(std::string_view id);

} // namespace ranklab
