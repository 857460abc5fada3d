#pragma once
// Carterette's randomized Tukey HSD (Carterette 2012, "Multiple testing in
// statistical analysis of systems-based information retrieval experiments"):
// the paired many-model procedure. Under the null every user's k values are
// exchangeable across the models, so each resample permutes every user's
// values across the models independently and records the range (max − min)
// of the k permuted means. A pair's adjusted p is the share of resamples
// whose range reaches the pair's observed |m_i − m_j| (less a tolerance of
// 1e-12, as the sign-flip test): (1 + count) / (1 + B) with B random
// resamples, or count / (k!)^n when every joint permutation is enumerated
// (the identity included), which is done when (k!)^n ≤ exactMax.
//
// Resample r draws from stream (seed, Permutations, r) one uniform
// permutation per user, users in row order (stats/permutation_draws.h);
// the permuted sums are formed by stats/permuted_sums.h, which adds users in
// row order (consecutive pairs first summed together, users whose values
// are the same for every model once for all slots), so results are identical
// for any thread count. Many columns (metrics) of the same users share the
// resamples.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "stats/moments.h"
#include "stats/resampling.h"

namespace ranklab::stats {

struct RandomizedTukeyOptions {
    std::uint64_t exactMax = 50'000;  // enumerate when (k!)^n is at most this
    double tolerance = 1e-12;
    ResamplingOptions resampling{};  // B = resampling.resamples
};

struct RandomizedTukeyPair {
    std::size_t i = 0, j = 0;  // models, i < j
    double meanDiff = kNaN;    // m_i − m_j
    double pAdjusted = kNaN;
    std::uint64_t countGe = 0;
};

struct RandomizedTukeyResult {
    bool exact = false;
    std::uint64_t resamples = 0;  // (k!)^n when exact, else B
    std::vector<double> means;    // per model
    double maxRange = kNaN;       // observed max − min of the means
    double pOmnibus = kNaN;       // the largest pair's adjusted p
    std::vector<RandomizedTukeyPair> pairs;  // (0,1), (0,2), ..., (k−2,k−1)

    const RandomizedTukeyPair* find(std::size_t a, std::size_t b) const;
};

// values[c * models + j]: model j's per-user values on column c, every span
// of the same length. One result per column. Throws ranklab::Error for fewer
// than two models, a size that is not a multiple of `models` or columns of
// different lengths; Cancelled when the progress is cancelled. No users:
// NaN p-values.
std::vector<RandomizedTukeyResult> randomizedTukey(std::span<const std::span<const double>> values, std::size_t models,
                                                   const RandomizedTukeyOptions& options = {});

} // namespace ranklab::stats
