#include "io/row_selection.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <bit>
#include <limits>
#include <type_traits>

#include <hwy/contrib/sort/vqsort.h>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace ranklab {
namespace {

// The first column >= `from` whose score is not below `bar` (>= bar, or
// NaN), or n, one hit at a time: float32 scores are compared 8 at a time
// (AVX2, when the CPU has it: chosen at run time without an ifunc), else 4
// (SSE2); doubles 2. With AVX-512, float32 rows take collectAvx512 below
// instead (every hit of a stretch at once).
#if defined(__SSE2__)
__attribute__((target("avx2"))) std::uint64_t nextHitAvx2(const float* row, std::uint64_t from, std::uint64_t n,
                                                           float bar) {
    const __m256 b = _mm256_set1_ps(bar);
    std::uint64_t c = from;
    for (; c + 32 <= n; c += 32) {
        const __m256 m0 = _mm256_cmp_ps(_mm256_loadu_ps(row + c), b, _CMP_NLT_UQ);
        const __m256 m1 = _mm256_cmp_ps(_mm256_loadu_ps(row + c + 8), b, _CMP_NLT_UQ);
        const __m256 m2 = _mm256_cmp_ps(_mm256_loadu_ps(row + c + 16), b, _CMP_NLT_UQ);
        const __m256 m3 = _mm256_cmp_ps(_mm256_loadu_ps(row + c + 24), b, _CMP_NLT_UQ);
        const __m256 any = _mm256_or_ps(_mm256_or_ps(m0, m1), _mm256_or_ps(m2, m3));
        if (_mm256_testz_ps(any, any)) continue;
        const std::uint64_t mask = std::uint64_t(unsigned(_mm256_movemask_ps(m0))) |
                                   std::uint64_t(unsigned(_mm256_movemask_ps(m1))) << 8 |
                                   std::uint64_t(unsigned(_mm256_movemask_ps(m2))) << 16 |
                                   std::uint64_t(unsigned(_mm256_movemask_ps(m3))) << 24;
        return c + std::uint64_t(__builtin_ctzll(mask));
    }
    for (; c < n; ++c)
        if (!(row[c] < bar)) return c;
    return n;
}

// The columns from `from` on whose score is not below `bar` (or NaN), in
// order, into out[0 .. count), 16 compared at a time and compress-stored:
// no call and no branch per hit. Stops before `capacity` could be passed;
// returns where it stopped (n at the end of the row).
__attribute__((target("avx512f"))) std::uint64_t collectAvx512(const float* row, std::uint64_t from,
                                                               std::uint64_t n, float bar, std::uint32_t* out,
                                                               std::size_t capacity, std::size_t& count) {
    const __m512 b = _mm512_set1_ps(bar);
    const __m512i step = _mm512_set1_epi32(16);
    __m512i index = _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(from)),
                                     _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    std::uint64_t c = from;
    std::size_t got = 0;
    for (; c + 16 <= n && got + 16 <= capacity; c += 16) {
        const __mmask16 hits = _mm512_cmp_ps_mask(_mm512_loadu_ps(row + c), b, _CMP_NLT_UQ);
        _mm512_mask_compressstoreu_epi32(out + got, hits, index);
        got += static_cast<std::size_t>(__builtin_popcount(hits));
        index = _mm512_add_epi32(index, step);
    }
    if (c + 16 > n)
        for (; c < n && got < capacity; ++c)
            if (!(row[c] < bar)) out[got++] = static_cast<std::uint32_t>(c);
    count = got;
    return c;
}

std::uint64_t nextHitSse2(const float* row, std::uint64_t from, std::uint64_t n, float bar) {
    const __m128 b = _mm_set1_ps(bar);
    std::uint64_t c = from;
    for (; c + 16 <= n; c += 16) {
        const unsigned mask = unsigned(_mm_movemask_ps(_mm_cmpnlt_ps(_mm_loadu_ps(row + c), b))) |
                              unsigned(_mm_movemask_ps(_mm_cmpnlt_ps(_mm_loadu_ps(row + c + 4), b))) << 4 |
                              unsigned(_mm_movemask_ps(_mm_cmpnlt_ps(_mm_loadu_ps(row + c + 8), b))) << 8 |
                              unsigned(_mm_movemask_ps(_mm_cmpnlt_ps(_mm_loadu_ps(row + c + 12), b))) << 12;
        if (mask) return c + unsigned(__builtin_ctz(mask));
    }
    for (; c < n; ++c)
        if (!(row[c] < bar)) return c;
    return n;
}

std::uint64_t nextHitSse2(const double* row, std::uint64_t from, std::uint64_t n, double bar) {
    const __m128d b = _mm_set1_pd(bar);
    std::uint64_t c = from;
    for (; c + 8 <= n; c += 8) {
        const unsigned mask = unsigned(_mm_movemask_pd(_mm_cmpnlt_pd(_mm_loadu_pd(row + c), b))) |
                              unsigned(_mm_movemask_pd(_mm_cmpnlt_pd(_mm_loadu_pd(row + c + 2), b))) << 2 |
                              unsigned(_mm_movemask_pd(_mm_cmpnlt_pd(_mm_loadu_pd(row + c + 4), b))) << 4 |
                              unsigned(_mm_movemask_pd(_mm_cmpnlt_pd(_mm_loadu_pd(row + c + 6), b))) << 6;
        if (mask) return c + unsigned(__builtin_ctz(mask));
    }
    for (; c < n; ++c)
        if (!(row[c] < bar)) return c;
    return n;
}

const bool kHasAvx2 = __builtin_cpu_supports("avx2");
const bool kHasAvx512 = __builtin_cpu_supports("avx512f");
constexpr std::size_t kHitBuffer = 1024;  // columns collected per call

// float32 is the matrix read in place (the hot path); other types were
// converted to double and take SSE2.
std::uint64_t nextHit(const float* row, std::uint64_t from, std::uint64_t n, float bar) {
    return kHasAvx2 ? nextHitAvx2(row, from, n, bar) : nextHitSse2(row, from, n, bar);
}
std::uint64_t nextHit(const double* row, std::uint64_t from, std::uint64_t n, double bar) {
    return nextHitSse2(row, from, n, bar);
}
#else
template <class T> std::uint64_t nextHit(const T* row, std::uint64_t from, std::uint64_t n, T bar) {
    for (std::uint64_t c = from; c < n; ++c)
        if (!(row[c] < bar)) return c;
    return n;
}
#endif

} // namespace

std::int64_t RowSelection::select(const double* row, std::uint64_t n, std::vector<std::uint32_t>& columns) {
    return selectRow(row, n, columns);
}

std::int64_t RowSelection::select(const float* row, std::uint64_t n, std::vector<std::uint32_t>& columns) {
    return selectRow(row, n, columns);
}

// Candidates are the columns scored >= a bar when read (column order). The
// bar starts at a guess: the previous row's (1.25·depth)-th best score (rows
// of one matrix tend to be alike), else -inf; it rises to the depth-th best
// candidate each time the candidates pile up (nth_element, those below it
// dropped). When at least `depth` scores are >= the guess, the row's
// depth-th best t is >= every bar used, so every column scored >= t is a
// candidate; at the end those below t are dropped. When fewer are, the
// guess was too high and the row is read again from -inf. The kept columns
// never depend on the guess, only the time taken does. Most scores are
// below the bar: nextHit skips them 32 at a time.
template <class T>
std::int64_t RowSelection::selectRow(const T* row, std::uint64_t n, std::vector<std::uint32_t>& columns) {
    constexpr T minusInf = -std::numeric_limits<T>::infinity();
    floatScores_ = std::is_same_v<T, float>;
    const bool limited = depth_ > 0 && n > depth_;
    std::vector<double>& values = heap_;  // the candidates' scores, beside `columns`
    // The depth-th best candidate score; the candidates below it go.
    auto raise = [&] {
        scratch_.assign(values.begin(), values.end());
        std::nth_element(scratch_.begin(), scratch_.begin() + (depth_ - 1), scratch_.end(), std::greater<>());
        const double t = scratch_[depth_ - 1];
        std::size_t kept = 0;
        for (std::size_t i = 0; i < values.size(); ++i)
            if (values[i] >= t) {
                values[kept] = values[i];
                columns[kept++] = columns[i];
            }
        values.resize(kept);
        columns.resize(kept);
        return t;
    };
    // One read of the row from `bar`: the first NaN's column, or -1.
    auto pass = [&](T bar) -> std::int64_t {
        columns.clear();
        values.clear();
        std::size_t rebuildAt = std::max<std::size_t>(4 * std::size_t(depth_), 64);
        auto take = [&](std::uint64_t c) {
            const T v = row[c];
            if (std::isnan(v)) return false;
            if (v == minusInf || v < bar) return true;
            values.push_back(double(v));
            columns.push_back(static_cast<std::uint32_t>(c));
            if (limited && values.size() >= rebuildAt) {
                bar = static_cast<T>(raise());
                // Ties can keep more than depth: wait for twice as many again.
                rebuildAt = std::max(rebuildAt, 2 * values.size());
            }
            return true;
        };
#if defined(__SSE2__)
        if constexpr (std::is_same_v<T, float>) {
            if (kHasAvx512 && n <= std::numeric_limits<std::uint32_t>::max()) {
                hits_.resize(kHitBuffer);
                for (std::uint64_t c = 0; c < n;) {
                    std::size_t count = 0;
                    c = collectAvx512(row, c, n, bar, hits_.data(), kHitBuffer, count);
                    for (std::size_t i = 0; i < count; ++i)
                        if (!take(hits_[i])) return static_cast<std::int64_t>(hits_[i]);
                }
                return -1;
            }
        }
#endif
        for (std::uint64_t c = nextHit(row, 0, n, bar); c < n; c = nextHit(row, c + 1, n, bar))
            if (!take(c)) return static_cast<std::int64_t>(c);
        return -1;
    };
    if (limited) {
        const T guess = hasGuess_ ? static_cast<T>(guess_) : minusInf;
        std::int64_t nan = pass(guess);
        if (nan < 0 && values.size() < depth_ && guess != minusInf) nan = pass(minusInf);
        if (nan >= 0) return nan;
    } else if (const std::int64_t nan = pass(minusInf); nan >= 0) {
        return nan;
    }
    rank(values, columns);
    if (!limited) return -1;
    // The next row's guess: the (1.25·depth)-th best candidate, else the
    // smallest; kept as it is while it lets through 1.1 to 2.5 times depth
    // (a guess too high, letting through fewer than depth, costs a second
    // read of the row: rare when about 1.25·depth get through).
    const std::size_t d = depth_;
    const bool goodGuess = hasGuess_ && values.size() * 10 >= 11 * d && values.size() * 2 <= 5 * d;
    if (!values.empty() && !goodGuess) {
        guess_ = values[std::min(values.size(), d + (d + 3) / 4) - 1];
        hasGuess_ = true;
    }
    // Keep the depth best and the rest of the tie group at position depth.
    if (values.size() > d) {
        std::size_t end = d;
        while (end < values.size() && values[end] == values[d - 1]) ++end;
        values.resize(end);
        columns.resize(end);
    }
    return -1;
}

// Candidates ranked: score descending, column ascending. A float score and
// its column are one 64-bit key (the float's bits, ordered, then the
// column), sorted as integers; -0 is +0, as they compare equal.
void RowSelection::rank(std::vector<double>& values, std::vector<std::uint32_t>& columns) {
    keys_.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const float f = values[i] == 0 ? 0.0f : static_cast<float>(values[i]);
        const auto bits = std::bit_cast<std::uint32_t>(f);
        const std::uint32_t ordered = (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
        keys_[i] = std::uint64_t(~ordered) << 32 | columns[i];
    }
    if (!floatScores_) {  // doubles need all their bits: a comparison sort
        order_.resize(values.size());
        for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<std::uint32_t>(i);
        std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (values[a] != values[b]) return values[a] > values[b];
            return columns[a] < columns[b];
        });
        scratch_.resize(values.size());
        for (std::size_t i = 0; i < order_.size(); ++i) {
            scratch_[i] = values[order_[i]];
            keys_[i] = columns[order_[i]];  // keys_ holds the ranked columns for a moment
        }
        values.swap(scratch_);
        for (std::size_t i = 0; i < order_.size(); ++i) columns[i] = static_cast<std::uint32_t>(keys_[i]);
        return;
    }
    // Highway's vectorised quicksort (sorting networks for short rows): a
    // comparison sort of random scores mispredicts a branch every other
    // comparison, 5 times slower.
    thread_local hwy::Sorter sorter;
    sorter(keys_.data(), keys_.size(), hwy::SortAscending());
    for (std::size_t i = 0; i < keys_.size(); ++i) {
        const std::uint32_t ordered = ~static_cast<std::uint32_t>(keys_[i] >> 32);
        const std::uint32_t bits = (ordered & 0x80000000u) ? (ordered & 0x7fffffffu) : ~ordered;
        values[i] = static_cast<double>(std::bit_cast<float>(bits));
        columns[i] = static_cast<std::uint32_t>(keys_[i]);
    }
}

} // namespace ranklab
