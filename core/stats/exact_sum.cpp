#include "stats/exact_sum.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>

#include "common/error.h"

// GCC and clang have a 128-bit integer; __extension__ says it is meant (-Wpedantic).
__extension__ typedef unsigned __int128 Uint128;

namespace ranklab::stats {
namespace {

constexpr std::int64_t kChunkMask = 0xffffffff;
// Each addition adds less than 2^32 to a limb: 2^30 of them fit in 63 bits.
constexpr std::uint32_t kMaxPending = 1u << 30;

struct Decomposed {
    std::uint64_t mantissa = 0;  // integer
    int exponent = 0;            // value = mantissa · 2^exponent
    bool negative = false;
};

Decomposed decompose(double x) {
    const auto bits = std::bit_cast<std::uint64_t>(x);
    Decomposed d;
    d.negative = (bits >> 63) != 0;
    const int field = int((bits >> 52) & 0x7ff);
    const std::uint64_t fraction = bits & ((std::uint64_t(1) << 52) - 1);
    if (field == 0) {
        d.mantissa = fraction;
        d.exponent = -1074;
    } else {
        d.mantissa = fraction | (std::uint64_t(1) << 52);
        d.exponent = field - 1075;
    }
    return d;
}

} // namespace

void ExactSum::addMagnitude(std::uint64_t mantissa, int exponent, bool negative) {
    if (mantissa == 0) return;
    const int position = exponent - kMinExponent;
    const std::size_t limb = std::size_t(position) / kChunkBits;
    const unsigned shift = unsigned(position) % kChunkBits;
    const Uint128 shifted = static_cast<Uint128>(mantissa) << shift;  // < 2^96
    const auto c0 = std::int64_t(std::uint64_t(shifted) & kChunkMask);
    const auto c1 = std::int64_t(std::uint64_t(shifted >> 32) & kChunkMask);
    const auto c2 = std::int64_t(std::uint64_t(shifted >> 64));
    if (negative) {
        limbs_[limb] -= c0;
        limbs_[limb + 1] -= c1;
        limbs_[limb + 2] -= c2;
    } else {
        limbs_[limb] += c0;
        limbs_[limb + 1] += c1;
        limbs_[limb + 2] += c2;
    }
    if (++pending_ >= kMaxPending) normalize();
}

void ExactSum::add(double x) {
    if (std::isnan(x)) {
        ++nans_;
        return;
    }
    if (std::isinf(x)) {
        ++(x > 0 ? positiveInfinities_ : negativeInfinities_);
        return;
    }
    const Decomposed d = decompose(x);
    addMagnitude(d.mantissa, d.exponent, d.negative);
}

void ExactSum::addSquare(double x) {
    if (std::isnan(x)) {
        ++nans_;
        return;
    }
    if (std::isinf(x)) {
        ++positiveInfinities_;
        return;
    }
    const Decomposed d = decompose(x);
    const Uint128 square = static_cast<Uint128>(d.mantissa) * d.mantissa;  // < 2^106
    addMagnitude(std::uint64_t(square), 2 * d.exponent, false);
    addMagnitude(std::uint64_t(square >> 64), 2 * d.exponent + 64, false);
}

// Carries moved up: every limb but the top one in [0, 2^32), the top one signed.
void ExactSum::normalize() {
    for (std::size_t i = 0; i + 1 < kLimbs; ++i) {
        const std::int64_t carry = limbs_[i] >> kChunkBits;  // floor division by 2^32
        limbs_[i] -= carry * (std::int64_t(1) << kChunkBits);
        limbs_[i + 1] += carry;
    }
    pending_ = 0;
}

void ExactSum::merge(const ExactSum& other) {
    ExactSum theirs = other;
    theirs.normalize();
    normalize();
    for (std::size_t i = 0; i < kLimbs; ++i) limbs_[i] += theirs.limbs_[i];
    pending_ = 2;
    nans_ += other.nans_;
    positiveInfinities_ += other.positiveInfinities_;
    negativeInfinities_ += other.negativeInfinities_;
}

ExactSum::Exact ExactSum::exact() const {
    ExactSum copy = *this;
    copy.normalize();
    Exact out;
    out.negative = copy.limbs_[kLimbs - 1] < 0;
    if (out.negative) {
        for (auto& limb : copy.limbs_) limb = -limb;
        copy.normalize();
    }
    std::size_t top = kLimbs;
    while (top > 0 && copy.limbs_[top - 1] == 0) --top;
    out.chunks.assign(copy.limbs_.begin(), copy.limbs_.begin() + std::ptrdiff_t(top));
    return out;
}

bool ExactSum::isZero() const {
    return nans_ == 0 && positiveInfinities_ == 0 && negativeInfinities_ == 0 && exact().chunks.empty();
}

double chunksToDouble(const std::vector<std::uint64_t>& chunks, long exponent) {
    std::size_t top = chunks.size();
    while (top > 0 && chunks[top - 1] == 0) --top;
    if (top == 0) return 0.0;
    const std::size_t h = top - 1;
    // The top three chunks hold at least 65 significant bits; a sticky bit
    // for anything below makes the conversion round as the exact value would.
    Uint128 head = static_cast<Uint128>(chunks[h]) << 64;
    if (h >= 1) head |= static_cast<Uint128>(chunks[h - 1]) << 32;
    if (h >= 2) head |= chunks[h - 2];
    bool sticky = false;
    for (std::size_t i = 0; i + 2 < h && !sticky; ++i) sticky = chunks[i] != 0;
    if (sticky) head |= 1;
    const long scale = exponent + 32L * (long(h) - 2);
    if (scale > 4096) return std::numeric_limits<double>::infinity();
    if (scale < -4096) return 0.0;
    return std::ldexp(static_cast<double>(head), int(scale));
}

double ExactSum::value() const {
    if (nans_ > 0 || (positiveInfinities_ > 0 && negativeInfinities_ > 0))
        return std::numeric_limits<double>::quiet_NaN();
    if (positiveInfinities_ > 0) return std::numeric_limits<double>::infinity();
    if (negativeInfinities_ > 0) return -std::numeric_limits<double>::infinity();
    const Exact e = exact();
    const double magnitude = chunksToDouble(e.chunks, kMinExponent);
    return e.negative ? -magnitude : magnitude;
}

std::string ExactSum::serialize() const {
    if (nans_ > 0 || (positiveInfinities_ > 0 && negativeInfinities_ > 0)) return "nan";
    if (positiveInfinities_ > 0) return "inf";
    if (negativeInfinities_ > 0) return "-inf";
    const Exact e = exact();
    std::size_t lo = 0;
    while (lo < e.chunks.size() && e.chunks[lo] == 0) ++lo;
    if (lo == e.chunks.size()) return "0:";
    std::string out = (e.negative ? "-" : "") + std::to_string(lo) + ":";
    char buffer[24];
    for (std::size_t i = lo; i < e.chunks.size(); ++i) {
        std::snprintf(buffer, sizeof buffer, "%s%llx", i == lo ? "" : ",", static_cast<unsigned long long>(e.chunks[i]));
        out += buffer;
    }
    return out;
}

ExactSum ExactSum::parse(const std::string& text) {
    ExactSum out;
    if (text == "nan") {
        out.nans_ = 1;
        return out;
    }
    if (text == "inf" || text == "-inf") {
        ++(text == "inf" ? out.positiveInfinities_ : out.negativeInfinities_);
        return out;
    }
    const auto bad = [&] { return Error("malformed exact sum \"" + text + "\": expected [-]INDEX:HEX,HEX,..."); };
    const bool negative = !text.empty() && text[0] == '-';
    const std::size_t first = negative ? 1 : 0;
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos || colon == first) throw bad();
    std::size_t index = 0;
    for (std::size_t i = first; i < colon; ++i) {
        if (text[i] < '0' || text[i] > '9') throw bad();
        index = index * 10 + std::size_t(text[i] - '0');
        if (index >= kLimbs) throw bad();
    }
    std::size_t pos = colon + 1;
    while (pos < text.size()) {
        const std::size_t comma = std::min(text.find(',', pos), text.size());
        // Every chunk below 2^32, and the top limbs left free for carries.
        if (comma == pos || comma - pos > 8 || index + 3 >= kLimbs) throw bad();
        std::int64_t v = 0;
        for (std::size_t i = pos; i < comma; ++i) {
            const char c = text[i];
            const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (digit < 0) throw bad();
            v = v * 16 + digit;
        }
        out.limbs_[index++] = negative ? -v : v;
        if (comma == text.size()) break;
        pos = comma + 1;
        if (pos == text.size()) throw bad();
    }
    out.pending_ = 1;
    return out;
}

} // namespace ranklab::stats
