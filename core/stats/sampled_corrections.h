#pragma once
// Krichene & Rendle's corrected sampled metrics (KDD 2020, section 5): a
// value x_r for each sampled rank r = 1..N + 1, chosen so that the sampled
// value of a user, x_r, estimates the full-catalogue value f(R) whatever the
// full rank R. With A the sampling law (A[R][r] = P(r | R),
// rank_sampling_matrix.h) and D a weighting of the full ranks:
//
//   CLS (bias):  x = argmin Σ_R D_R ((A x)_R − f(R))²  subject to
//                min f <= x_r <= max f (bounded least squares)
//   BV (bias and variance, γ = 0.01):
//                x = [(1 − γ)·AᵀDA + γ·diag(c)]⁻¹ AᵀD f,  c = AᵀD·1
//                (the closed form minimising Σ_R D_R [(1 − γ)·bias_R² + γ·E[x_r² | R]])
//
// D is uniform (D_R = 1/M): no prior on where a model puts its positives.
// With N = M − 1 the law is the identity (r = R) and both give x = f.
#include <cstdint>
#include <span>
#include <vector>

#include "stats/rank_sampling_matrix.h"

namespace ranklab::stats {

// AᵀDA ((N + 1)², row-major) and c = AᵀD·1 for the uniform D: shared by
// every metric of one (M, N).
struct CorrectionSystem {
    std::uint32_t size = 0;  // N + 1
    std::vector<double> gram;
    std::vector<double> columnMass;
};
CorrectionSystem correctionSystem(const RankSamplingMatrix& law);

// fullValues[R − 1] = f(R) for R = 1..M.
std::vector<double> biasVarianceCorrection(const RankSamplingMatrix& law, const CorrectionSystem& system,
                                           std::span<const double> fullValues, double gamma = 0.01);

// Projected Gauss–Seidel on the normal equations, started from the BV
// values clipped to the bounds, until no value moves by more than 1e-13
// (or 20,000 sweeps).
std::vector<double> boundedLeastSquaresCorrection(const RankSamplingMatrix& law, const CorrectionSystem& system,
                                                  std::span<const double> fullValues);

} // namespace ranklab::stats
