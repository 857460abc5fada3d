#pragma once
// Field boundaries of a short line (at most 64 bytes) in a few vector
// instructions instead of a branch per byte: bit i of the mask is set when
// byte i is a blank (space, tab, \v, \f). Reads whole 16-byte words, so the
// caller guarantees that 64 bytes past the line's start are readable.
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ranklab {

inline std::uint64_t blankMask64(const char* p, std::size_t length) {
    std::uint64_t mask = 0;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(' ');
    const __m128i tab = _mm_set1_epi8('\t');
    const __m128i vtab = _mm_set1_epi8('\v');
    const __m128i feed = _mm_set1_epi8('\f');
    for (std::size_t at = 0; at < length; at += 16) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
        __m128i blank = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, tab)),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, vtab), _mm_cmpeq_epi8(v, feed)));
        mask |= std::uint64_t(static_cast<std::uint32_t>(_mm_movemask_epi8(blank))) << at;
    }
#else
    for (std::size_t i = 0; i < length; ++i) {
        char c = p[i];
        if (c == ' ' || c == '\t' || c == '\v' || c == '\f') mask |= std::uint64_t(1) << i;
    }
#endif
    return mask;
}

} // namespace ranklab
