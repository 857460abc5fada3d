#include "stats/bootstrap.h"

#include <algorithm>
#include <string>

#include "common/error.h"
#include "stats/resampled_means.h"

namespace ranklab::stats {

std::vector<BootstrapInterval> bootstrapMeanIntervals(std::span<const std::span<const double>> columns,
                                                      double level, const ResamplingOptions& options) {
    if (!(level > 0 && level < 1)) throw Error("confidence level must lie in (0, 1): " + std::to_string(level));
    const ResampledMeans means = resampleMeans(columns, options);
    std::vector<BootstrapInterval> out(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const auto x = columns[c];
        if (means.resamples == 0) {
            out[c] = {level, options.resamples};
        } else if (std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); })) {
            // Every resample of a constant column has that mean, exactly.
            out[c] = {level, means.resamples, x.front(), x.front(), 0.0};
        } else {
            out[c] = percentileInterval(means.column(c), level);
        }
    }
    return out;
}

BootstrapInterval bootstrapMeanInterval(std::span<const double> x, double level, const ResamplingOptions& options) {
    const std::span<const double> columns[] = {x};
    return bootstrapMeanIntervals(columns, level, options).front();
}

} // namespace ranklab::stats
