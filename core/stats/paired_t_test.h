#pragma once
// Paired t-test, two-sided, as scipy.stats.ttest_rel(a, b): on d = a − b,
// t = mean(d) / (sd(d)/√n) with df = n − 1.
#include <cstddef>
#include <span>

#include "stats/moments.h"

namespace ranklab::stats {

struct TTestResult {
    std::size_t n = 0;
    double meanDiff = kNaN;
    double statistic = kNaN;      // NaN when every d is 0 (0/0); ±inf for a constant nonzero d
    double pvalue = kNaN;         // two-sided; 0 for an infinite statistic
    double df = kNaN;             // n − 1
    double standardError = kNaN;  // sd(d)/√n
};

// Throws ranklab::Error when a and b differ in length. Fewer than two users
// give NaN statistic and p.
TTestResult pairedTTest(std::span<const double> a, std::span<const double> b);
TTestResult pairedTTest(const Moments& differences);

} // namespace ranklab::stats
