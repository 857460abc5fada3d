#pragma once
// Paired randomization (sign-flip) test, two-sided, on d = a − b. Under the
// null each user's difference is equally likely to have either sign.
//  * n ≤ exactMaxN (16): all 2^n sign vectors (identity included),
//    p = #{|mean(s∘d)| ≥ |mean(d)| − tolerance} / 2^n, exact.
//  * otherwise B random sign vectors from a fixed seed (vector r: the 64-bit
//    words of stream (seed, r), bit i flipping user i),
//    p = (1 + #{|mean(s∘d)| ≥ |mean(d)| − tolerance}) / (1 + B), the flipped
//    sums formed by addGroupedRows (weighted_row_sums.h) in one fixed order.
// The tolerance (1e-12 on means) makes exact float ties, e.g. repeated NDCG
// levels, count as "at least as extreme" whatever the summation order.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "stats/moments.h"
#include "stats/resampling.h"

namespace ranklab::stats {

struct RandomizationOptions {
    std::size_t exactMaxN = 16;  // at most 30
    double tolerance = 1e-12;
    ResamplingOptions resampling{};  // B = resampling.resamples flips
};

struct RandomizationResult {
    double pvalue = kNaN;
    bool exact = false;
    std::uint64_t flips = 0;    // 2^n when exact, else B
    std::uint64_t countGe = 0;  // flips at least as extreme as the observed one
    double observedMean = kNaN;
};

// Throws ranklab::Error when a and b differ in length. No users: p is NaN.
RandomizationResult randomizationTest(std::span<const double> a, std::span<const double> b,
                                      const RandomizationOptions& options = {});
RandomizationResult randomizationTest(std::span<const double> differences, const RandomizationOptions& options = {});

// The test on many columns of differences of the same users at once: every
// column sees the same sign vectors, so each result equals
// randomizationTest(column) with the same options. Throws ranklab::Error when
// the columns differ in length.
std::vector<RandomizationResult> randomizationTests(std::span<const std::span<const double>> differences,
                                                    const RandomizationOptions& options = {});

} // namespace ranklab::stats
