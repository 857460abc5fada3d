#include "stats/bootstrap.h"

#include <algorithm>
#include <string>

#include "common/error.h"
#include "stats/resampled_means.h"

namespace ranklab::stats {

std::optional<double> constantValue(std::span<const double> x) {
    if (x.empty() || !std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); })) return std::nullopt;
    return x.front();
}

BootstrapInterval meanInterval(std::span<const double> resampled, double level, std::size_t resamplesAsked,
                               std::optional<double> constant) {
    if (resampled.empty()) return {level, resamplesAsked};
    // Every resample of a constant column has that mean, exactly.
    if (constant) return {level, resampled.size(), *constant, *constant, 0.0};
    return percentileInterval(resampled, level);
}

std::vector<BootstrapInterval> bootstrapMeanIntervals(std::span<const std::span<const double>> columns,
                                                      double level, const ResamplingOptions& options) {
    if (!(level > 0 && level < 1)) throw Error("confidence level must lie in (0, 1): " + std::to_string(level));
    const ResampledMeans means = resampleMeans(columns, options);
    std::vector<BootstrapInterval> out(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c)
        out[c] = meanInterval(means.resamples == 0 ? std::span<const double>{} : means.column(c), level,
                              options.resamples, constantValue(columns[c]));
    return out;
}

BootstrapInterval bootstrapMeanInterval(std::span<const double> x, double level, const ResamplingOptions& options) {
    const std::span<const double> columns[] = {x};
    return bootstrapMeanIntervals(columns, level, options).front();
}

} // namespace ranklab::stats
