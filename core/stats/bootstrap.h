#pragma once
// Percentile bootstrap confidence interval of a mean (one-sample resamples
// with replacement), as scipy.stats.bootstrap(method='percentile') defines it:
// the interval is numpy.percentile of the B resampled means at 100·α/2 and
// 100·(1 − α/2), linear interpolation at position q·(B − 1).
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "stats/moments.h"
#include "stats/resampling.h"

namespace ranklab::stats {

struct BootstrapInterval {
    double level = 0.95;
    std::size_t resamples = 0;
    double lo = kNaN;
    double hi = kNaN;
    double standardError = kNaN;  // SD (ddof = 1) of the resampled means
};

BootstrapInterval bootstrapMeanInterval(std::span<const double> x, double level = 0.95,
                                        const ResamplingOptions& options = {});

// Several columns of the same users resampled together: resample r draws the
// same users for every column, so each column's interval equals what
// bootstrapMeanInterval gives for that column alone (same seed), at the cost
// of one set of draws.
// The value of a column whose values are all equal (none when empty or not).
std::optional<double> constantValue(std::span<const double> x);
// The interval of a mean from its resampled means: none drawn (no users):
// NaN bounds with resamplesAsked; a constant column: that value, SE 0
// (every resample's mean, exactly); else percentileInterval.
BootstrapInterval meanInterval(std::span<const double> resampled, double level, std::size_t resamplesAsked,
                               std::optional<double> constant);

std::vector<BootstrapInterval> bootstrapMeanIntervals(std::span<const std::span<const double>> columns,
                                                      double level = 0.95, const ResamplingOptions& options = {});

} // namespace ranklab::stats
