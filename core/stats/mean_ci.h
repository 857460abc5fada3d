#pragma once
// The mean of per-user values with its confidence intervals: Student's t
// (mean ± t_{1−α/2, n−1}·s/√n) and, optionally, the percentile bootstrap.
#include <cstddef>
#include <optional>
#include <span>

#include "stats/bootstrap.h"
#include "stats/moments.h"

namespace ranklab::stats {

struct TInterval {
    double level = 0.95;
    double df = kNaN;             // n − 1
    double tCritical = kNaN;      // t_{1−α/2, df}
    double standardError = kNaN;  // s/√n
    double halfWidth = kNaN;      // tCritical·standardError
    double lo = kNaN;
    double hi = kNaN;
};

// From the mean and SD of n values; NaN bounds when n < 2.
TInterval tInterval(const Moments& m, double level = 0.95);

struct MeanCi {
    Moments moments;  // n, mean, sd (ddof = 1)
    TInterval t;
    std::optional<BootstrapInterval> bootstrap;
};

struct MeanCiOptions {
    double level = 0.95;
    bool bootstrap = true;  // B resamples, fixed seed (options.resampling)
    ResamplingOptions resampling{};
};

MeanCi meanCi(std::span<const double> x, const MeanCiOptions& options = {});

} // namespace ranklab::stats
