#include "stats/paired_t_test.h"

#include <cmath>

#include "stats/distributions.h"

namespace ranklab::stats {

TTestResult pairedTTest(const Moments& d) {
    TTestResult r;
    r.n = d.n;
    r.meanDiff = d.mean;
    if (d.n < 2) return r;
    r.df = static_cast<double>(d.n - 1);
    r.standardError = d.sd / std::sqrt(static_cast<double>(d.n));
    r.statistic = d.mean / r.standardError;  // IEEE: 0/0 = NaN, x/0 = ±inf, as numpy
    r.pvalue = studentTTwoSidedP(r.statistic, r.df);
    return r;
}

TTestResult pairedTTest(std::span<const double> a, std::span<const double> b) {
    const auto d = differences(a, b);
    return pairedTTest(moments(d));
}

} // namespace ranklab::stats
