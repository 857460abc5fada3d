#include "stats/studentized_range.h"

#include <algorithm>
#include <array>
#include <optional>
#include <cmath>
#include <vector>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/tools/roots.hpp>

namespace ranklab::stats {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Above this df the mixture over S is narrower than the quadrature can
// resolve usefully and differs from the normal limit by < 1e-9 relative.
constexpr double kLargeDf = 1e9;

double upperTail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }
double density(double z) { return std::exp(-0.5 * z * z) / std::sqrt(2.0 * M_PI); }

// P(range of k standard normals ≥ w) = k ∫ φ(z) Q(z)^(k−1) (1 − (1 − Q(z+w)/Q(z))^(k−1)) dz,
// on fixed nodes: everything but Q(z + w) depends on k and z alone, so it is
// computed once per k (the mixture evaluates this at some 300 w's).
class RangeSf {
public:
    explicit RangeSf(int k) : k_(k), others_(k - 1) {
        // The smallest of k ≤ 10^4 normals lies in [-8.5, 8] with probability
        // 1 − 1e-13. The integrand is smooth on each piece: a fixed 15-point
        // Gauss rule per piece (exact for polynomials of degree 29) gives the
        // sums to 1e-8 relative down to 1e-13 (tested against the exact
        // k = 2 law).
        constexpr std::array<double, 12> cuts{-8.5, -6.0, -4.5, -3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 4.0, 8.0};
        using Rule = boost::math::quadrature::gauss<double, 15>;
        for (std::size_t c = 0; c + 1 < cuts.size(); ++c) {
            const double mid = 0.5 * (cuts[c] + cuts[c + 1]), half = 0.5 * (cuts[c + 1] - cuts[c]);
            for (std::size_t i = 0; i < Rule::abscissa().size(); ++i) {
                const double x = Rule::abscissa()[i], weight = half * Rule::weights()[i];
                add(mid - half * x, weight);
                if (x != 0) add(mid + half * x, weight);
            }
        }
    }

    double operator()(double w) const {
        if (!(w > 0)) return 1.0;
        if (std::isinf(w)) return 0.0;
        double sum = 0;
        for (std::size_t i = 0; i < z_.size(); ++i) {
            const double ratio = upperTail(z_[i] + w) / tail_[i];  // P(another normal > z + w | > z)
            // 1 − (1 − r)^(k−1); for (k−1)·r < 1e-6 its two-term series,
            // off by < ((k−1)·r)²/6 relative, at a fraction of the cost.
            const double spread = others_ * ratio;
            const double notAllWithin = spread < 1e-6 ? spread * (1.0 - 0.5 * (others_ - 1.0) * ratio)
                                                      : -std::expm1(others_ * std::log1p(-ratio));
            sum += factor_[i] * notAllWithin;
        }
        return std::min(1.0, static_cast<double>(k_) * sum);
    }

private:
    void add(double z, double weight) {
        const double qz = upperTail(z);
        if (qz <= 0) return;
        z_.push_back(z);
        tail_.push_back(qz);
        factor_.push_back(weight * density(z) * std::pow(qz, others_));
    }

    int k_;
    double others_;
    std::vector<double> z_, tail_, factor_;  // nodes, Q(z), weight · φ(z) · Q(z)^(k−1)
};

// The mixture over S = sqrt(chi²_df / df), in pieces between quantiles of
// chi²_df so the peak at s ≈ 1 is resolved for any df.
class Mixture {
public:
    Mixture(int k, double df) : k_(k), df_(df), chi2_(df), rangeSf_(k) {
        auto s = [&](double p, bool upper) {
            const double t = upper ? boost::math::quantile(boost::math::complement(chi2_, p))
                                   : boost::math::quantile(chi2_, p);
            return std::sqrt(t / df);
        };
        // The far lower tail of S carries the far upper tail of Q: cut it
        // finely. Beside each piece, its probability under S at most (the
        // tail probability of its end nearer the middle).
        static constexpr std::array<double, 10> kLower{1e-150, 1e-80, 1e-50, 1e-30, 1e-20, 1e-14, 1e-9, 1e-5, 0.01, 0.5};
        static constexpr std::array<double, 5> kUpper{0.01, 1e-6, 1e-12, 1e-20, 1e-40};
        cuts_[0] = 0.0;
        std::size_t at = 1;
        for (std::size_t i = 0; i < 10; ++i) cuts_[at++] = s(kLower[i], false);
        for (double p : kUpper) cuts_[at++] = s(p, true);
        for (std::size_t i = 0; i < 10; ++i) mass_[i] = kLower[i];
        for (std::size_t i = 0; i < 5; ++i) mass_[10 + i] = i == 0 ? 0.5 : kUpper[i - 1];
        for (std::size_t i = 0; i < mass_.size(); ++i) order_[i] = i;
        std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) { return mass_[a] > mass_[b]; });
    }
    bool matches(int k, double df) const { return k == k_ && df == df_; }

    double sf(double q) const {
        auto integrand = [&](double x) {
            if (x <= 0) return 0.0;
            const double f = 2.0 * df_ * x * boost::math::pdf(chi2_, df_ * x * x);
            return f == 0 ? 0.0 : f * rangeSf_(q * x);
        };
        // Between these quantiles the integrand is smooth: a fixed 20-point
        // Gauss rule per piece. (An adaptive Gauss-Kronrod rule at 1e-10 took
        // ~1 s a call, subdividing on its pessimistic error estimate, and was
        // no more accurate: halving every piece changes no digit the tests
        // read.) The pieces go from the most probable out; a far piece whose
        // probability times the largest value of P(range ≥ q·s) on it (at its
        // left end, as it falls with s) is below 1e-17 of the sum so far
        // cannot change the sum, and costs one evaluation instead of twenty.
        double sum = 0;
        for (std::size_t piece : order_) {
            const double a = cuts_[piece], b = cuts_[piece + 1];
            if (!(b > a)) continue;
            if (mass_[piece] < 1e-6 && sum > 0 && mass_[piece] * rangeSf_(q * a) < 1e-17 * sum) continue;
            sum += boost::math::quadrature::gauss<double, 20>::integrate(integrand, a, b);
        }
        return std::min(1.0, sum);
    }

private:
    int k_;
    double df_;
    boost::math::chi_squared_distribution<double> chi2_;
    RangeSf rangeSf_;
    std::array<double, 16> cuts_{};
    std::array<double, 15> mass_{};
    std::array<std::size_t, 15> order_{};
};

// The pieces depend on k and df alone: a Tukey HSD asks for many q's of one
// (k, df), so each thread keeps the last.
double mixtureSf(double q, int k, double df) {
    thread_local std::optional<Mixture> last;
    if (!last || !last->matches(k, df)) last.emplace(k, df);
    return last->sf(q);
}

} // namespace

double studentizedRangeSf(double q, int k, double df) {
    if (std::isnan(q) || k < 2 || !(df > 0)) return kNaN;
    if (q <= 0) return 1.0;
    if (std::isinf(q)) return 0.0;
    if (df >= kLargeDf) return RangeSf(k)(q);
    return mixtureSf(q, k, df);
}

double studentizedRangeCdf(double q, int k, double df) {
    const double sf = studentizedRangeSf(q, k, df);
    return std::isnan(sf) ? kNaN : 1.0 - sf;
}

double studentizedRangeQuantile(double p, int k, double df) {
    if (!(p > 0 && p < 1) || k < 2 || !(df > 0)) return kNaN;
    const double target = 1.0 - p;  // the upper tail wanted
    auto f = [&](double q) { return studentizedRangeSf(q, k, df) - target; };
    // Bracket: sf decreases from 1 at q = 0.
    double lo = 0.0, hi = 1.0;
    while (f(hi) > 0) {
        lo = hi;
        hi *= 2;
        if (hi > 1e6) return kNaN;
    }
    boost::uintmax_t iterations = 200;
    const auto root = boost::math::tools::toms748_solve(
        f, lo, hi, [](double a, double b) { return std::fabs(a - b) <= 1e-13 * std::max(1.0, std::fabs(a)); },
        iterations);
    return 0.5 * (root.first + root.second);
}

} // namespace ranklab::stats
