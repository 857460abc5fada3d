#include "io/row_selection.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ranklab {
namespace {

constexpr std::uint64_t kChunk = 16;  // scores tested together

// Bit i set when !(p[i] < bar): p[i] >= bar, or NaN.
inline unsigned notBelowMask(const float* p, float bar) {
#if defined(__SSE2__)
    const __m128 b = _mm_set1_ps(bar);
    unsigned m = 0;
    for (int i = 0; i < 4; ++i) m |= unsigned(_mm_movemask_ps(_mm_cmpnlt_ps(_mm_loadu_ps(p + 4 * i), b))) << (4 * i);
    return m;
#else
    unsigned m = 0;
    for (unsigned i = 0; i < kChunk; ++i) m |= (p[i] < bar ? 0u : 1u) << i;
    return m;
#endif
}

inline unsigned notBelowMask(const double* p, double bar) {
#if defined(__SSE2__)
    const __m128d b = _mm_set1_pd(bar);
    unsigned m = 0;
    for (int i = 0; i < 8; ++i) m |= unsigned(_mm_movemask_pd(_mm_cmpnlt_pd(_mm_loadu_pd(p + 2 * i), b))) << (2 * i);
    return m;
#else
    unsigned m = 0;
    for (unsigned i = 0; i < kChunk; ++i) m |= (p[i] < bar ? 0u : 1u) << i;
    return m;
#endif
}

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
// below the bar and are skipped 16 at a time by one vector comparison.
template <class T>
std::int64_t RowSelection::selectRow(const T* row, std::uint64_t n, std::vector<std::uint32_t>& columns) {
    constexpr T minusInf = -std::numeric_limits<T>::infinity();
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
        std::uint64_t c = 0;
        for (; c + kChunk <= n; c += kChunk) {
            for (unsigned mask = notBelowMask(row + c, bar); mask != 0; mask &= mask - 1) {
                const std::uint64_t i = c + unsigned(__builtin_ctz(mask));
                if (!take(i)) return static_cast<std::int64_t>(i);
            }
        }
        for (; c < n; ++c)
            if (!take(c)) return static_cast<std::int64_t>(c);
        return -1;
    };
    if (!limited) return pass(minusInf);
    const T guess = hasGuess_ ? static_cast<T>(guess_) : minusInf;
    std::int64_t nan = pass(guess);
    if (nan < 0 && values.size() < depth_ && guess != minusInf) nan = pass(minusInf);
    if (nan >= 0) return nan;
    // The next row's guess: the (1.25·depth)-th best candidate, else the
    // smallest; kept as it is while it lets through 1.1 to 2.5 times depth
    // (a guess too high, letting through fewer than depth, costs a second
    // read of the row: rare when about 1.25·depth get through).
    const std::size_t d = depth_;
    const bool goodGuess = hasGuess_ && values.size() * 10 >= 11 * d && values.size() * 2 <= 5 * d;
    if (!values.empty() && !goodGuess) {
        scratch_.assign(values.begin(), values.end());
        const std::size_t at = std::min(scratch_.size(), d + (d + 3) / 4) - 1;
        std::nth_element(scratch_.begin(), scratch_.begin() + at, scratch_.end(), std::greater<>());
        guess_ = scratch_[at];
        hasGuess_ = true;
    }
    if (values.size() > depth_) raise();
    return -1;
}

} // namespace ranklab
