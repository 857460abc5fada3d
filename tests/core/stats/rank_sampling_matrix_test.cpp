// The sampling law of the sampled-negative protocol against the law counted
// over every possible sample of negatives (brute force): the matrix rows,
// the unbiased rescaled rank and the unbiased sampled AUC.
#include <bit>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/rank_sampling_matrix.h"

using namespace ranklab;
using ranklab::stats::RankSamplingMatrix;

namespace {

// P(sampled rank r | full rank R), r = 1..N+1, counted over every N-subset
// of the M − 1 negatives (negative i is above the positive when i < R − 1).
std::vector<double> countedLaw(unsigned M, unsigned N, unsigned R) {
    std::vector<double> law(N + 1, 0.0);
    double subsets = 0;
    const std::uint32_t above = (1u << (R - 1)) - 1u;
    for (std::uint32_t mask = 0; mask < (1u << (M - 1)); ++mask) {
        if (unsigned(std::popcount(mask)) != N) continue;
        law[std::popcount(mask & above)] += 1;
        subsets += 1;
    }
    for (double& p : law) p /= subsets;
    return law;
}

double entry(const RankSamplingMatrix& A, unsigned R, unsigned r) {
    const auto row = A.row(R);
    if (r < A.first(R) || r >= A.first(R) + row.size()) return 0.0;
    return row[r - A.first(R)];
}

} // namespace

TEST(RankSamplingMatrixTest, EveryRowIsTheLawCountedOverEverySampleOfNegatives) {
    for (auto [M, N] : {std::pair{11u, 4u}, std::pair{12u, 1u}, std::pair{9u, 8u}}) {
        const RankSamplingMatrix A(M, N);
        for (unsigned R = 1; R <= M; ++R) {
            const auto law = countedLaw(M, N, R);
            for (unsigned r = 1; r <= N + 1; ++r)
                EXPECT_NEAR(entry(A, R, r), law[r - 1], 1e-13) << "M=" << M << " N=" << N << " R=" << R << " r=" << r;
        }
    }
}

TEST(RankSamplingMatrixTest, RescaledRankHasTheFullRankAsItsExpectation) {
    // E[1 + (r − 1)(M − 1)/N | R] = R, by the counted law.
    for (auto [M, N] : {std::pair{11u, 4u}, std::pair{13u, 3u}, std::pair{10u, 9u}}) {
        for (unsigned R = 1; R <= M; ++R) {
            const auto law = countedLaw(M, N, R);
            double expected = 0;
            for (unsigned r = 1; r <= N + 1; ++r) expected += law[r - 1] * (1.0 + double(r - 1) * (M - 1) / N);
            EXPECT_NEAR(expected, double(R), 1e-12) << "M=" << M << " N=" << N << " R=" << R;
        }
    }
}

TEST(RankSamplingMatrixTest, SampledAucHasTheFullAucAsItsExpectation) {
    // Sampled AUC (N + 1 − r)/N; full AUC (M − R)/(M − 1).
    for (auto [M, N] : {std::pair{11u, 4u}, std::pair{13u, 2u}}) {
        for (unsigned R = 1; R <= M; ++R) {
            const auto law = countedLaw(M, N, R);
            double expected = 0;
            for (unsigned r = 1; r <= N + 1; ++r) expected += law[r - 1] * double(N + 1 - r) / N;
            EXPECT_NEAR(expected, double(M - R) / (M - 1), 1e-12) << "M=" << M << " N=" << N << " R=" << R;
        }
    }
}

TEST(RankSamplingMatrixTest, MoreNegativesThanTheCatalogueHoldsIsRefused) {
    EXPECT_THROW(RankSamplingMatrix(10, 10), Error);
    EXPECT_THROW(RankSamplingMatrix(10, 0), Error);
    EXPECT_NO_THROW(RankSamplingMatrix(10, 9));
}
