#pragma once
// Effect size of a paired comparison: Cohen's d_z = mean(d) / sd(d) for
// d = a − b, and how many users each model wins.
#include <cstddef>
#include <span>

#include "stats/moments.h"

namespace ranklab::stats {

// NaN for 0/0 (every d equal to 0), ±inf for x/0 (a constant nonzero d),
// NaN for fewer than two users. Throws ranklab::Error on a length mismatch.
double cohensDz(std::span<const double> a, std::span<const double> b);
double cohensDz(const Moments& differences);

struct WinsTiesLosses {
    std::size_t wins = 0;    // users with a > b
    std::size_t ties = 0;    // a == b
    std::size_t losses = 0;  // a < b
};

WinsTiesLosses winsTiesLosses(std::span<const double> a, std::span<const double> b);

} // namespace ranklab::stats
