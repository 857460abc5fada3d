#include "stats/power.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/tools/roots.hpp>

#include "common/error.h"
#include "stats/moments.h"

namespace ranklab::stats {
namespace {

void checkAlpha(double alpha) {
    if (!(alpha > 0 && alpha < 1)) throw Error("alpha must lie strictly between 0 and 1, got " + std::to_string(alpha));
}

void checkPower(double power, double alpha) {
    if (!(power > alpha && power < 1))
        throw Error("the power must lie strictly between alpha (" + std::to_string(alpha) + ") and 1, got " +
                    std::to_string(power));
}

// The root of the increasing f on [lo, hi] (f(lo) < 0 < f(hi)) to full precision.
template <class F>
double increasingRoot(F f, double lo, double hi) {
    boost::math::tools::eps_tolerance<double> tolerance(50);
    std::uintmax_t iterations = 500;
    const auto [a, b] = boost::math::tools::toms748_solve(f, lo, hi, tolerance, iterations);
    return 0.5 * (a + b);
}

// Boost's noncentral t truncates its noncentrality λ = δ²/2 to an int
// and throws past 2^31 (n = 2^32 users at d = 1, or d = 10 at n = 10^8).
// Below this λ it is used as it is.
constexpr double kLargestBoostNoncentrality = 1e9;

// Past it, the power is 1 to double precision when a bound on the miss
// P(T' ≤ c) is below half an ulp of 1 (2^-54): T' = (Z + δ) / S with
// S = sqrt(χ²_df / df), and T' ≤ c needs Z ≤ −δ/2 or c S ≥ δ/2, so
//   P(T' ≤ c) ≤ Φ(−δ/2) + P(χ²_df ≥ df (δ / 2c)²).
bool powerIsOne(double df, double nc, double c) {
    const double normalTail = 0.5 * std::erfc(nc / (2.0 * std::sqrt(2.0)));
    const double k = nc / (2.0 * c);
    const double x = df * k * k;
    const double chiTail =
        std::isfinite(x) ? boost::math::cdf(boost::math::complement(boost::math::chi_squared(df), x)) : 0.0;
    return normalTail + chiTail < std::ldexp(1.0, -54);
}

} // namespace

double pairedTPower(double effectSize, double n, double alpha) {
    checkAlpha(alpha);
    if (!(n >= 2)) throw Error("the paired t-test needs at least two users, got " + std::to_string(n));
    if (std::isnan(effectSize)) return kNaN;
    const double df = n - 1;
    const double c = boost::math::quantile(boost::math::complement(boost::math::students_t(df), alpha / 2));
    const double nc = std::fabs(effectSize) * std::sqrt(n);
    if (nc == 0) return alpha;
    if (0.5 * nc * nc > kLargestBoostNoncentrality) {
        if (powerIsOne(df, nc, c)) return 1.0;
        throw Error("the power of effect size " + std::to_string(effectSize) + " with " + std::to_string(n) +
                    " users at alpha " + std::to_string(alpha) +
                    " lies beyond the noncentral t the power is computed with (noncentrality above 44,721)");
    }
    const boost::math::non_central_t t(df, nc);
    return boost::math::cdf(boost::math::complement(t, c)) + boost::math::cdf(t, -c);
}

double minimumDetectableEffect(double n, double alpha, double power) {
    checkAlpha(alpha);
    checkPower(power, alpha);
    if (!(n >= 2)) throw Error("the paired t-test needs at least two users, got " + std::to_string(n));
    auto f = [&](double d) { return pairedTPower(d, n, alpha) - power; };
    double hi = 1.0;
    while (f(hi) < 0) hi *= 2;  // power → 1 as d grows, for any n ≥ 2
    return increasingRoot(f, 0.0, hi);
}

double usersForPower(double effectSize, double alpha, double power) {
    checkAlpha(alpha);
    checkPower(power, alpha);
    if (!(std::fabs(effectSize) > 0)) throw Error("no number of users detects an effect size of 0");
    auto f = [&](double n) { return pairedTPower(effectSize, n, alpha) - power; };
    double lo = 2.0, hi = 4.0;
    if (f(lo) >= 0) return lo;
    while (f(hi) < 0) {
        lo = hi;
        hi *= 2;
        if (hi > 1e15) throw Error("the effect size " + std::to_string(effectSize) + " is too small to detect");
    }
    return increasingRoot(f, lo, hi);
}

ObservedPower observedPower(std::span<const double> differences, double alpha, double power) {
    if (differences.size() < 2)
        throw Error("the power needs at least two users' differences, got " + std::to_string(differences.size()));
    ObservedPower o;
    o.n = differences.size();
    double sum = 0;
    for (double d : differences) sum += d;
    o.mean = sum / double(o.n);
    double squares = 0;
    for (double d : differences) squares += (d - o.mean) * (d - o.mean);
    o.sd = std::sqrt(squares / double(o.n - 1));
    o.effectSize = o.sd > 0 ? o.mean / o.sd : kNaN;
    o.power = o.sd > 0 ? pairedTPower(o.effectSize, double(o.n), alpha) : kNaN;
    o.minimumDetectable = minimumDetectableEffect(double(o.n), alpha, power) * o.sd;
    return o;
}

} // namespace ranklab::stats
