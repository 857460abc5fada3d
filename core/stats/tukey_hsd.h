#pragma once
// Tukey's honestly significant difference (HSD), the classic one-way form:
// each model's per-user values are one group, the groups are treated as
// independent (as ranx and statsmodels' pairwise_tukeyhsd do, so the numbers
// compare), the pooled within-group variance MSE has N − k degrees of
// freedom, and a pair's studentized range is q = |m_i − m_j| / sqrt(MSE/2 ·
// (1/n_i + 1/n_j)). Its adjusted p is P(Q_{k, N−k} ≥ q) and its simultaneous
// interval m_i − m_j ± q_{1−α} · sqrt(MSE/2 · (1/n_i + 1/n_j)).
#include <cstddef>
#include <span>
#include <vector>

#include "stats/moments.h"

namespace ranklab::stats {

struct TukeyPair {
    std::size_t i = 0, j = 0;  // group indices, i < j
    double meanDiff = kNaN;    // m_i − m_j
    double q = kNaN;           // studentized range of the pair
    double pAdjusted = kNaN;
    double lo = kNaN, hi = kNaN;  // simultaneous interval of m_i − m_j
    bool reject = false;          // q > q_{1−α}
};

struct TukeyResult {
    double mse = kNaN;
    double df = kNaN;
    double qCritical = kNaN;  // the 1 − α quantile of the studentized range
    std::vector<TukeyPair> pairs;  // (0,1), (0,2), ..., (k−2,k−1)
    // The largest pair's q and its p: an omnibus test that some means differ.
    double maxQ = kNaN;
    double pOmnibus = kNaN;

    const TukeyPair* find(std::size_t a, std::size_t b) const;
};

// groups[j]: the values of group j (any sizes ≥ 1; at least two groups).
// Throws ranklab::Error for fewer than two groups, an empty group or alpha
// outside (0, 1). With no within-group spread (MSE = 0) q is ±inf or NaN.
// qCritical: the 1 − α quantile when already known (the same k and df, as
// for many columns of the same users); NaN: computed.
TukeyResult tukeyHsd(std::span<const std::span<const double>> groups, double alpha = 0.05, double qCritical = kNaN);

} // namespace ranklab::stats
