#pragma once
// Mean and sample standard deviation of per-user values, and the paired
// differences d = a − b that every paired procedure starts from.
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace ranklab::stats {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Moments {
    std::size_t n = 0;
    double mean = kNaN;  // NaN when n = 0
    double sd = kNaN;    // ddof = 1; NaN when n < 2; exactly 0 when all values are equal
};

// Exact sums of the values and their squares (stats/exact_moments.h), each
// result rounded once: the same bits in any order and for any split of the
// values into merged parts (sharded evaluation). Values that are all equal give mean = that
// value and sd = 0 exactly, so a constant difference has a zero SD as in
// exact arithmetic (a t statistic of ±inf, not a huge finite number).
Moments moments(std::span<const double> x);

// d[i] = a[i] − b[i] (IEEE double subtraction). Throws ranklab::Error when
// the lengths differ: paired procedures need the same users in both.
std::vector<double> differences(std::span<const double> a, std::span<const double> b);
// The same length check on its own.
void requireSameUsers(std::span<const double> a, std::span<const double> b);

} // namespace ranklab::stats
