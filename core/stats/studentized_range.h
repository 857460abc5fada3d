#pragma once
// The studentized range distribution: the range of k independent standard
// normals divided by an independent sqrt(chi²_df / df), the reference
// distribution of Tukey's HSD and of the Nemenyi test (df = ∞). Boost.Math has
// no such distribution; these are numerical integrals (fixed Gauss–Legendre
// rules on pieces cut where each integrand bends, Boost.Math's quadrature)
// of the classic formulas
// (Copenhaver & Holland 1988; Lund & Lund 1983):
//   P(range ≥ w | df = ∞) = k ∫ φ(z) Q(z)^(k−1) (1 − (1 − Q(z+w)/Q(z))^(k−1)) dz
// (z the smallest of the k normals, Q the normal upper tail; written so the
// far tail keeps its relative accuracy), and for finite df the mixture
//   P(q ≥ x | df) = ∫ f_S(s) P(range ≥ x·s | ∞) ds,  S = sqrt(chi²_df / df).
// Accuracy: 1e-7 relative for p-values above 1e-8 (tested against
// scipy.stats.studentized_range), and 1e-6 down to 1e-13 (tested for k = 2,
// where Q/√2 is |t_df| exactly; scipy's own far tail is off there, e.g.
// 1.6e-13 for the exact 7.7e-17 at q = 12, df = 1000). Below ~1e-15 only
// "tiny" is meant: the value may be orders of magnitude too small.
#include <limits>

namespace ranklab::stats {

inline constexpr double kInfiniteDf = std::numeric_limits<double>::infinity();

// P(Q ≥ q) for k ≥ 2 groups and df > 0 (df = kInfiniteDf for the normal
// limit). 1 for q ≤ 0; NaN for NaN q, k < 2 or df ≤ 0.
double studentizedRangeSf(double q, int k, double df);
// P(Q ≤ q) = 1 − sf.
double studentizedRangeCdf(double q, int k, double df);
// The q with P(Q ≤ q) = p, p in (0, 1); NaN otherwise.
double studentizedRangeQuantile(double p, int k, double df);

} // namespace ranklab::stats
