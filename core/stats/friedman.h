#pragma once
// The Friedman test with users as blocks and models as treatments, and the
// Nemenyi post-hoc test (Demšar 2006):
//  * within each user the k models are ranked, 1 = the highest value, tied
//    values sharing their average rank;
//  * χ²_F = 12 / (n k (k+1)) Σ R_j² − 3 n (k+1) over the rank sums R_j,
//    divided by the tie correction 1 − Σ(t³ − t) / (n k (k² − 1)) as scipy's
//    friedmanchisquare does; p from χ² with k − 1 degrees of freedom;
//  * Nemenyi: two models differ when their average ranks differ by at least
//    the critical difference CD = q_α sqrt(k (k+1) / (6 n)), q_α the 1 − α
//    quantile of the studentized range (k, ∞) divided by √2; a pair's
//    adjusted p is P(Q_{k,∞} ≥ √2 |R̄_i − R̄_j| / sqrt(k (k+1) / (6 n))).
#include <cstddef>
#include <span>
#include <vector>

#include "stats/moments.h"

namespace ranklab::stats {

struct FriedmanResult {
    std::size_t n = 0, k = 0;
    double statistic = kNaN;    // tie-corrected χ²_F
    double pvalue = kNaN;
    double tieCorrection = kNaN;
    std::vector<double> averageRanks;  // per model, 1 = best
    double qAlpha = kNaN;              // Demšar's q_α
    double criticalDifference = kNaN;  // Nemenyi CD at alpha
};

// q_α of the Nemenyi test for k models: the studentized range (k, ∞)
// quantile at 1 − alpha over √2. NaN for k < 2.
double nemenyiQAlpha(std::size_t k, double alpha);
// The Nemenyi adjusted p of two models whose average ranks differ by `rankDiff`.
double nemenyiPValue(double rankDiff, std::size_t k, std::size_t n);

// models[j][u]: model j's value for user u (all the same length). Throws
// ranklab::Error for fewer than two models, different lengths or alpha
// outside (0, 1). No users: NaN statistic and p. When every user ties all
// models (no rank variation) the statistic is NaN.
FriedmanResult friedmanTest(std::span<const std::span<const double>> models, double alpha = 0.05);

} // namespace ranklab::stats
