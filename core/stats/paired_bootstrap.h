#pragma once
// Percentile bootstrap confidence interval of the mean difference mean(a − b):
// users are resampled with replacement (pairs kept together), B = 10,000
// resamples from a fixed seed by default.
#include <span>

#include "stats/bootstrap.h"

namespace ranklab::stats {

// Throws ranklab::Error when a and b differ in length.
BootstrapInterval pairedBootstrap(std::span<const double> a, std::span<const double> b, double level = 0.95,
                                  const ResamplingOptions& options = {});

} // namespace ranklab::stats
