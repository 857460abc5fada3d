#pragma once
// A fast hash for short byte-string ids (most ids are 4-16 bytes): 8-byte
// words folded with a multiply-xorshift mixer, finished like MurmurHash3's
// fmix64 so that every bit of the result depends on every input byte.
#include <cstdint>
#include <cstring>

#include <absl/strings/string_view.h>

namespace ranklab {

struct IdHash {
    static std::uint64_t fmix(std::uint64_t h) {
        h ^= h >> 33;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
        h *= 0xc4ceb9fe1a85ec53ULL;
        h ^= h >> 33;
        return h;
    }
    std::size_t operator()(absl::string_view text) const {
        const char* p = text.data();
        std::size_t n = text.size();
        std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ (n * 0x100000001b3ULL);
        while (n >= 8) {
            std::uint64_t word;
            std::memcpy(&word, p, 8);
            h = (h ^ word) * 0x9FB21C651E98DF25ULL;
            h ^= h >> 29;
            p += 8;
            n -= 8;
        }
        if (n > 0) {
            std::uint64_t word = 0;
            std::memcpy(&word, p, n);
            h = (h ^ word) * 0x9FB21C651E98DF25ULL;
        }
        return static_cast<std::size_t>(fmix(h));
    }
};

} // namespace ranklab
