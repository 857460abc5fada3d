#include "stats/paired_bootstrap.h"

namespace ranklab::stats {

BootstrapInterval pairedBootstrap(std::span<const double> a, std::span<const double> b, double level,
                                  const ResamplingOptions& options) {
    const auto d = differences(a, b);
    return bootstrapMeanInterval(d, level, options);
}

} // namespace ranklab::stats
