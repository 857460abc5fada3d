// The rank-law MLE's bins and EM: every rank its own bin up to the exact
// limit, 5% wider bins past it, rows that stay probability laws, and an EM
// that recovers a law it can identify.
#include <cmath>
#include <numeric>

#include <gtest/gtest.h>

#include "stats/rank_law_mle.h"

using namespace ranklab::stats;

TEST(RankLawMleTest, RanksUpToTheExactLimitAreTheirOwnBinsAndWiderBinsFollow) {
    const RankSamplingMatrix A(1000, 50);
    const BinnedRankLaw law(A, 300);
    for (std::size_t b = 0; b < 300; ++b) EXPECT_EQ(law.binStart(b), b + 1);
    // Rank 301 starts a bin of floor(301 * 0.05) = 15 ranks, then 316 one of 15, 331 one of 16.
    EXPECT_EQ(law.binStart(301), 316u);
    EXPECT_EQ(law.binStart(302), 331u);
    EXPECT_EQ(law.binStart(303), 347u);
    EXPECT_EQ(law.binStart(law.bins()), 1001u);
    for (std::size_t b = 0; b < law.bins(); ++b) {
        const auto row = law.row(b);
        // The pmf comes from lgamma of numbers near 10^3: sums hold to ~1e-12.
        EXPECT_NEAR(std::accumulate(row.begin(), row.end(), 0.0), 1.0, 1e-9) << b;
    }
    // A bin's metric value is the mean over its ranks: 1/R over 301..315.
    std::vector<double> rr(1000);
    for (std::size_t R = 1; R <= 1000; ++R) rr[R - 1] = 1.0 / double(R);
    double mean = 0;
    for (int R = 301; R <= 315; ++R) mean += 1.0 / R;
    EXPECT_NEAR(law.binMeans(rr)[300], mean / 15, 1e-15);
}

TEST(RankLawMleTest, EmRecoversTheFullRankLawFromItsExactSampledLaw) {
    // Feed EM the exact sampled-rank law of a known full-rank law on 1..40
    // (N = 20): with every rank its own bin, the fitted law reproduces the
    // sampled law, and its hr@5 is close to the true one.
    const std::uint64_t M = 40;
    const RankSamplingMatrix A(M, 20);
    const BinnedRankLaw law(A, M);
    std::vector<double> truth(M, 0.0);
    truth[0] = 0.3;
    truth[2] = 0.2;
    truth[19] = 0.5;
    std::vector<double> histogram(21, 0.0);
    for (std::uint64_t R = 1; R <= M; ++R) {
        const auto row = A.row(R);
        for (std::size_t j = 0; j < row.size(); ++j) histogram[A.first(R) - 1 + j] += 1000 * truth[R - 1] * row[j];
    }
    RankLawOptions options;
    options.maxIterations = 20000;
    const RankLawFit fit = fitRankLaw(law, histogram, {}, options);
    std::vector<double> fitted(21, 0.0);
    for (std::size_t b = 0; b < law.bins(); ++b) {
        const auto row = law.row(b);
        for (std::size_t j = 0; j < row.size(); ++j) fitted[law.first(b) - 1 + j] += fit.law[b] * row[j];
    }
    for (std::size_t r = 0; r < 21; ++r) EXPECT_NEAR(fitted[r], histogram[r] / 1000, 1e-4) << r;
    std::vector<double> hr5(M, 0.0);
    for (std::size_t R = 1; R <= 5; ++R) hr5[R - 1] = 1.0;
    EXPECT_NEAR(expectedValue(fit.law, law.binMeans(hr5)), 0.5, 0.05);
}
