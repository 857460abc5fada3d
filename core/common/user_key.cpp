#include "common/user_key.h"

namespace ranklab {

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t offset) {
    std::uint64_t h = offset;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::uint64_t splitMix64Finalizer(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

UserKey userKey(std::string_view id) {
    return {splitMix64Finalizer(fnv1a64(id)), splitMix64Finalizer(fnv1a64(id, 0x84222325cbf29ce4ull))};
}

} // namespace ranklab
