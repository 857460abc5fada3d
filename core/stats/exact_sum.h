#pragma once
// The exact sum of doubles (and of their squares): a fixed-point
// accumulator wide enough for every finite double and every square of one
// (bits 2^-2176 .. 2^2176), kept as 32-bit chunks in 64-bit limbs so that
// adding a value touches three limbs and carries are only propagated now
// and then. The sum is exact, so it does not depend on the order of the
// values or on how they were split: two accumulators merged give the bits
// of one that saw every value. This is what makes a mean computed on
// shards equal the single-machine mean bit for bit (docs: sharded
// evaluation), without fixing the order in which shards are merged.
//
// Non-finite values are counted apart: any NaN (or +inf with −inf) makes
// the value NaN, otherwise an infinity wins.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ranklab::stats {

class ExactSum {
public:
    static constexpr int kChunkBits = 32;
    static constexpr int kMinExponent = -2176;  // value of chunk 0's lowest bit: 2^kMinExponent
    static constexpr std::size_t kLimbs = 138;

    void add(double x);        // x, exactly
    void addSquare(double x);  // x·x, exactly (x finite; a non-finite x counts as +inf or NaN)
    void merge(const ExactSum& other);
    // ±(high·2^64 + low)·2^exponent, exactly (exponent ≥ kMinExponent and
    // the top bit of the magnitude below 2^1100).
    void addWide(std::uint64_t low, std::uint64_t high, int exponent, bool negative) {
        addMagnitude(low, exponent, negative);
        addMagnitude(high, exponent + 64, negative);
    }

    // The sum rounded to the nearest double (ties to even; an overflow gives ±inf).
    double value() const;
    bool isZero() const;

    // The exact sum as a sign and a magnitude of 32-bit chunks: value =
    // ±Σ chunks[i]·2^(32·i + kMinExponent). Finite sums only.
    struct Exact {
        bool negative = false;
        std::vector<std::uint64_t> chunks;  // each < 2^32, trailing zeros trimmed
    };
    Exact exact() const;

    // A text form for partial-state files: "nan", "inf", "-inf", or the
    // exact value as an optional "-", the index i of its lowest non-zero
    // 32-bit chunk, ":", then the chunks of the magnitude in lower-case
    // hexadecimal, lowest first, comma-separated ("0:" is zero): value =
    // ±Σ_j chunk_j · 2^(32·(i + j) − 2176). parse() reads it back.
    std::string serialize() const;
    static ExactSum parse(const std::string& text);  // throws ranklab::Error on a malformed text

private:
    void addMagnitude(std::uint64_t mantissa, int exponent, bool negative);
    void normalize();

    std::array<std::int64_t, kLimbs> limbs_{};
    std::uint32_t pending_ = 0;  // additions since the last normalize()
    std::uint64_t nans_ = 0, positiveInfinities_ = 0, negativeInfinities_ = 0;
};

// A magnitude (chunks of 32 bits, lowest first) times 2^exponent, rounded to
// the nearest double.
double chunksToDouble(const std::vector<std::uint64_t>& chunks, long exponent);

} // namespace ranklab::stats
