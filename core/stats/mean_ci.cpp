#include "stats/mean_ci.h"

#include <cmath>
#include <string>

#include "common/error.h"
#include "stats/distributions.h"

namespace ranklab::stats {

TInterval tInterval(const Moments& m, double level) {
    if (!(level > 0 && level < 1)) throw Error("confidence level must lie in (0, 1): " + std::to_string(level));
    TInterval t;
    t.level = level;
    if (m.n < 2) return t;
    const double n = static_cast<double>(m.n);
    t.df = n - 1;
    t.tCritical = studentTQuantile(1.0 - (1.0 - level) / 2, t.df);
    t.standardError = m.sd / std::sqrt(n);
    t.halfWidth = t.tCritical * t.standardError;
    t.lo = m.mean - t.halfWidth;
    t.hi = m.mean + t.halfWidth;
    return t;
}

MeanCi meanCi(std::span<const double> x, const MeanCiOptions& options) {
    MeanCi out;
    out.moments = moments(x);
    out.t = tInterval(out.moments, options.level);
    if (options.bootstrap) out.bootstrap = bootstrapMeanInterval(x, options.level, options.resampling);
    return out;
}

} // namespace ranklab::stats
