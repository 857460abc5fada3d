// The critical-difference diagram's numbers: average ranks against a hand
// computation, the Nemenyi CD against Demšar's (2006) published q_0.05 table,
// the cliques on hand-made rank sets, and a column of an evaluation.
#include <cmath>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "compare/critical_difference.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

using Cliques = std::vector<std::vector<std::size_t>>;

std::vector<std::span<const double>> spans(const std::vector<std::vector<double>>& models) {
    return {models.begin(), models.end()};
}

TEST(CriticalDifference, AverageRanksEqualAHandComputationWithTies) {
    // Four users, models A B C (higher is better):
    //   u1: 0.9 0.5 0.1 → ranks 1 2 3
    //   u2: 0.2 0.7 0.4 → ranks 3 1 2
    //   u3: 0.6 0.6 0.3 → ranks 1.5 1.5 3
    //   u4: 0.8 0.1 0.1 → ranks 1 2.5 2.5
    // A: 6.5 / 4, B: 7 / 4, C: 10.5 / 4.
    const std::vector<std::vector<double>> models{{0.9, 0.2, 0.6, 0.8}, {0.5, 0.7, 0.6, 0.1}, {0.1, 0.4, 0.3, 0.1}};
    const CriticalDifference d = criticalDifference(spans(models));
    ASSERT_EQ(d.averageRanks.size(), 3u);
    EXPECT_DOUBLE_EQ(d.averageRanks[0], 6.5 / 4);
    EXPECT_DOUBLE_EQ(d.averageRanks[1], 7.0 / 4);
    EXPECT_DOUBLE_EQ(d.averageRanks[2], 10.5 / 4);
    EXPECT_EQ(d.order, (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_EQ(d.n, 4u);
    EXPECT_EQ(d.k, 3u);
}

TEST(CriticalDifference, CdFollowsDemsarsPublishedNemenyiTable) {
    // Demšar (2006), Table 5(a): q_0.05 for k = 2..10, printed to three
    // decimals (not all rounded the same way: k = 3 is 2.3437 truncated, k = 7
    // is 2.9483 rounded up), so agreement to 1e-3.
    const double table[] = {1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164};
    const std::size_t n = 30;
    for (std::size_t k = 2; k <= 10; ++k) {
        std::vector<std::vector<double>> models(k, std::vector<double>(n));
        for (std::size_t j = 0; j < k; ++j)
            for (std::size_t u = 0; u < n; ++u) models[j][u] = std::sin(double(j * 31 + u * 7));
        const CriticalDifference d = criticalDifference(spans(models));
        const double se = std::sqrt(double(k * (k + 1)) / (6.0 * double(n)));
        EXPECT_NEAR(d.qAlpha, table[k - 2], 1e-3) << "k = " << k;
        EXPECT_NEAR(d.criticalDifference, table[k - 2] * se, 1e-3 * se) << "k = " << k;
    }
}

TEST(CriticalDifference, CliquesAreMaximalRunsCloserThanCd) {
    // Two separate pairs; the fifth model alone.
    const std::vector<double> separate{1.0, 1.5, 2.8, 3.0, 4.6};
    EXPECT_EQ(nemenyiCliques(separate, 1.0), (Cliques{{0, 1}, {2, 3}}));
    // A chain of overlapping pairs: each model joins its neighbours only.
    const std::vector<double> chain{1.0, 1.6, 2.2, 2.8};
    EXPECT_EQ(nemenyiCliques(chain, 1.0), (Cliques{{0, 1}, {1, 2}, {2, 3}}));
    // One clique holds all; the runs inside it are not repeated.
    const std::vector<double> all{1.4, 1.0, 1.2};
    EXPECT_EQ(nemenyiCliques(all, 1.0), (Cliques{{1, 2, 0}}));
    // A difference of exactly CD is significant: no bar.
    const std::vector<double> apart{2.0, 1.0};
    EXPECT_TRUE(nemenyiCliques(apart, 1.0).empty());
    // Input order does not matter: the cliques list models in rank order.
    const std::vector<double> shuffled{3.0, 1.5, 4.6, 1.0, 2.8};
    EXPECT_EQ(nemenyiCliques(shuffled, 1.0), (Cliques{{3, 1}, {4, 0}}));
    EXPECT_TRUE(nemenyiCliques(separate, std::nan("")).empty());
}

TEST(CriticalDifference, DiagramJoinsModelsWithinCdOfEachOther) {
    // Six users, three models: A always best, B and C trade places.
    // Ranks: A 1 every time; B and C 2 or 3, three times each → 2.5, 2.5.
    // k = 3, n = 6: CD = 2.343 · sqrt(12 / 36) ≈ 1.353 < 1.5, so A stands
    // alone and B, C form one clique.
    const std::vector<std::vector<double>> models{
        {9, 9, 9, 9, 9, 9}, {5, 4, 5, 4, 5, 4}, {4, 5, 4, 5, 4, 5}};
    const CriticalDifference d = criticalDifference(spans(models));
    EXPECT_DOUBLE_EQ(d.averageRanks[0], 1.0);
    EXPECT_DOUBLE_EQ(d.averageRanks[1], 2.5);
    EXPECT_DOUBLE_EQ(d.averageRanks[2], 2.5);
    EXPECT_NEAR(d.criticalDifference, 2.343 * std::sqrt(12.0 / 36.0), 1e-3);
    EXPECT_EQ(d.cliques, (Cliques{{1, 2}}));
    EXPECT_THROW(criticalDifference(spans({{1.0, 2.0}})), Error);
}

} // namespace
