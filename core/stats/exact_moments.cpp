#include "stats/exact_moments.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <vector>

// GCC and clang have a 128-bit integer; __extension__ says it is meant (-Wpedantic).
__extension__ typedef unsigned __int128 Uint128;

namespace ranklab::stats {
namespace {

using Chunks = std::vector<std::uint64_t>;
constexpr std::uint64_t kMask = 0xffffffff;

Chunks multiply(const Chunks& a, const Chunks& b) {
    if (a.empty() || b.empty()) return {};
    std::vector<Uint128> acc(a.size() + b.size() + 1, 0);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == 0) continue;
        for (std::size_t j = 0; j < b.size(); ++j) acc[i + j] += static_cast<Uint128>(a[i] * b[j]);
    }
    Chunks out(acc.size(), 0);
    Uint128 carry = 0;
    for (std::size_t i = 0; i < acc.size(); ++i) {
        const Uint128 v = acc[i] + carry;
        out[i] = std::uint64_t(v) & kMask;
        carry = v >> 32;
    }
    return out;
}

Chunks fromInteger(std::uint64_t n) { return {n & kMask, n >> 32}; }

// a − b for a ≥ b (a shorter result would mean a < b: then 0).
Chunks subtract(const Chunks& a, const Chunks& b) {
    Chunks out(std::max(a.size(), b.size()), 0);
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        std::int64_t v = std::int64_t(i < a.size() ? a[i] : 0) - std::int64_t(i < b.size() ? b[i] : 0) - borrow;
        borrow = v < 0 ? 1 : 0;
        if (v < 0) v += std::int64_t(1) << 32;
        out[i] = std::uint64_t(v);
    }
    if (borrow) return {};
    return out;
}

} // namespace

void ExactMoments::add(double x) {
    ++n_;
    if (std::isnan(x)) {
        ++nans_;
    } else {
        min_ = std::min(min_, x);
        max_ = std::max(max_, x);
    }
    sum_.add(x);
    squares_.addSquare(x);
}

void ExactMoments::add(std::span<const double> xs) {
    constexpr std::size_t kShort = 512;
    if (xs.size() < kShort) {
        for (double x : xs) add(x);
        return;
    }
    // Per exponent field (fields 0 and 1 share the exponent −1074): the sum
    // of the positive and of the negative mantissas, and of the squared
    // mantissas, as 128-bit integers. A square is below 2^106, so 2^21 of
    // them fit; the buckets go into the exact sums before that.
    constexpr std::size_t kFields = 2047;
    constexpr std::size_t kFlushEvery = std::size_t(1) << 21;
    struct Buckets {
        std::vector<Uint128> positive, negative, squares;
        std::vector<std::uint16_t> used;
        std::vector<bool> touched;
        Buckets() : positive(kFields), negative(kFields), squares(kFields), touched(kFields) {}
    };
    // One set per thread, all zero between calls (flush() clears what it used).
    thread_local Buckets b;
    auto flush = [&] {
        for (const std::uint16_t field : b.used) {
            const int exponent = int(field) - 1075;
            const auto put = [](ExactSum& sum, Uint128 v, int e, bool negative) {
                if (v != 0) sum.addWide(std::uint64_t(v), std::uint64_t(v >> 64), e, negative);
            };
            put(sum_, b.positive[field], exponent, false);
            put(sum_, b.negative[field], exponent, true);
            put(squares_, b.squares[field], 2 * exponent, false);
            b.positive[field] = b.negative[field] = b.squares[field] = 0;
            b.touched[field] = false;
        }
        b.used.clear();
    };
    std::size_t sinceFlush = 0;
    for (const double x : xs) {
        const auto bits = std::bit_cast<std::uint64_t>(x);
        const unsigned field = unsigned(bits >> 52) & 0x7ff;
        if (field == 0x7ff) {  // NaN or infinite: the one-value path counts them
            add(x);
            continue;
        }
        ++n_;
        min_ = std::min(min_, x);
        max_ = std::max(max_, x);
        const std::uint64_t fraction = bits & ((std::uint64_t(1) << 52) - 1);
        const std::uint64_t mantissa = field == 0 ? fraction : fraction | (std::uint64_t(1) << 52);
        if (mantissa == 0) continue;
        const unsigned bucket = field == 0 ? 1 : field;
        if (!b.touched[bucket]) {
            b.touched[bucket] = true;
            b.used.push_back(std::uint16_t(bucket));
        }
        ((bits >> 63) ? b.negative : b.positive)[bucket] += mantissa;
        b.squares[bucket] += static_cast<Uint128>(mantissa) * mantissa;
        if (++sinceFlush == kFlushEvery) {
            flush();
            sinceFlush = 0;
        }
    }
    flush();
}

void ExactMoments::merge(const ExactMoments& other) {
    n_ += other.n_;
    nans_ += other.nans_;
    min_ = std::min(min_, other.min_);
    max_ = std::max(max_, other.max_);
    sum_.merge(other.sum_);
    squares_.merge(other.squares_);
}

ExactMoments ExactMoments::fromParts(std::size_t n, std::size_t nans, double min, double max, ExactSum sum,
                                     ExactSum squares) {
    ExactMoments m;
    m.n_ = n;
    m.nans_ = nans;
    m.min_ = min;
    m.max_ = max;
    m.sum_ = std::move(sum);
    m.squares_ = std::move(squares);
    return m;
}

Moments ExactMoments::moments() const {
    Moments m;
    m.n = n_;
    if (n_ == 0) return m;
    if (nans_ == 0 && min_ == max_) {  // constant
        m.mean = min_;
        if (n_ >= 2) m.sd = 0.0;
        return m;
    }
    const double n = static_cast<double>(n_);
    m.mean = sum_.value() / n;
    if (n_ < 2) return m;
    if (nans_ > 0 || std::isinf(min_) || std::isinf(max_)) {
        m.sd = std::numeric_limits<double>::quiet_NaN();
        return m;
    }
    // n·S2 − S1², with S1 = A·2^e and S2 = B·2^e: (n·B·2^−e − A²)·2^2e.
    const ExactSum::Exact a = sum_.exact();
    const ExactSum::Exact b = squares_.exact();
    Chunks nb = multiply(b.chunks, fromInteger(n_));
    nb.insert(nb.begin(), std::size_t(-ExactSum::kMinExponent / ExactSum::kChunkBits), 0);
    const Chunks d = subtract(nb, multiply(a.chunks, a.chunks));
    const double numerator = chunksToDouble(d, 2L * ExactSum::kMinExponent);
    m.sd = std::sqrt(numerator / (n * (n - 1.0)));
    return m;
}

} // namespace ranklab::stats
