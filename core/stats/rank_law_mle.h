#pragma once
// The rank-distribution MLE (Jin et al., AAAI 2021, after Krichene &
// Rendle): the law π of the full rank R over 1..M that makes the observed
// sampled ranks most likely, found by EM over the sampling law A
// (rank_sampling_matrix.h). With h the (fractional) count of users at each
// sampled rank r, one step is
//
//   π'(R) = π(R) · Σ_r h_r · A[R][r] / (Σ_R' π(R') A[R'][r])  /  Σ_r h_r
//
// starting from the uniform law (or a given one). Any top-k metric is then
// estimated as Σ_R π(R) f(R). With N = M − 1 (A the identity) one step gives
// π = h / Σh, the exact full-rank histogram.
#include <cstddef>
#include <span>
#include <vector>

#include "stats/rank_sampling_matrix.h"

namespace ranklab::stats {

struct RankLawFit {
    std::vector<double> law;  // π(R) for R = 1..M, summing to 1
    std::size_t iterations = 0;
    bool converged = false;  // the law moved by less than the tolerance (L1) in the last step
};

struct RankLawOptions {
    std::size_t maxIterations = 2000;
    double tolerance = 1e-9;  // L1 change of π in one step
};

// histogram.size() == N + 1; start (optional) is a law over 1..M.
RankLawFit fitRankLaw(const RankSamplingMatrix& law, std::span<const double> histogram,
                      std::span<const double> start = {}, const RankLawOptions& options = {});

// Σ_R π(R) f(R).
double expectedValue(std::span<const double> rankLaw, std::span<const double> fullValues);

} // namespace ranklab::stats
