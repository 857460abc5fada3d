#pragma once
// A sum of non-negative values in fixed point with 64 fractional bits: each
// value is split into its integer part and its fraction, the fraction
// rounded down to a multiple of 2^-64, and both summed in a 128-bit integer.
// Integers add up the same in any order, so sums of the parts of a set of
// values (chunks, threads, shards of users) merge into the bits of the whole
// set's sum, whatever the split; the rounding of each value is below 2^-64,
// under a double's rounding of any sum of such values from about 1e-3 up.
// Much smaller and faster than ExactSum (exact_sum.h), for the counts that
// are sums of probabilities and shares in [0, 2^63): rank histograms and the
// set-level metrics' per-item counts.
#include <cstdint>

namespace ranklab::stats {

class FixedSum {
public:
    FixedSum() = default;
    FixedSum(std::uint64_t high, std::uint64_t low) : high_(high), low_(low) {}

    // x finite and in [0, 2^63) (others are ignored: the caller's contract).
    void add(double x);
    // The ratio a/s (s > 0) as floor(a·2^64/s)·2^-64: a share that is not a
    // double is rounded once, from the integers (for (a/s)², a² over s²).
    void addRatio(std::uint64_t a, std::uint64_t s);
    void merge(const FixedSum& other);

    double value() const;  // high + low·2^-64, rounded to a double
    std::uint64_t high() const { return high_; }  // the integer part
    std::uint64_t low() const { return low_; }    // the fraction, in units of 2^-64
    bool isZero() const { return high_ == 0 && low_ == 0; }
    bool operator==(const FixedSum&) const = default;

private:
    std::uint64_t high_ = 0, low_ = 0;
};

} // namespace ranklab::stats
