#include "stats/distributions.h"

#include <cmath>
#include <limits>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace ranklab::stats {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

double studentTQuantile(double q, double df) {
    if (!(df > 0) || !(q > 0 && q < 1)) return kNaN;
    return boost::math::quantile(boost::math::students_t_distribution<double>(df), q);
}

double studentTTwoSidedP(double t, double df) {
    if (std::isnan(t) || !(df > 0)) return kNaN;
    if (std::isinf(t)) return 0.0;
    const boost::math::students_t_distribution<double> dist(df);
    return 2.0 * boost::math::cdf(boost::math::complement(dist, std::fabs(t)));
}

double normalQuantile(double q) {
    if (!(q > 0 && q < 1)) return kNaN;
    return boost::math::quantile(boost::math::normal_distribution<double>(), q);
}

double normalSf(double x) {
    if (std::isnan(x)) return kNaN;
    if (std::isinf(x)) return x > 0 ? 0.0 : 1.0;
    return boost::math::cdf(boost::math::complement(boost::math::normal_distribution<double>(), x));
}

double normalTwoSidedP(double z) {
    if (std::isnan(z)) return kNaN;
    return 2.0 * normalSf(std::fabs(z));
}

} // namespace ranklab::stats
