// The shared resampling engine: the weighted-row kernel against a plain loop
// written here, and the properties the rest of the statistics rely on — a
// column's resampled means and sign-flip p-values do not depend on the other
// columns resampled with it or on the thread count; the bootstrap's spread
// matches the textbook standard error; Wilcoxon's linear-time ranking equals
// ranks counted by brute force.
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/randomization_test.h"
#include "stats/resampled_means.h"
#include "stats/weighted_row_sums.h"
#include "stats/wilcoxon.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

std::vector<std::vector<double>> randomColumns(std::size_t k, std::size_t n, std::uint64_t seed) {
    std::mt19937_64 g(seed);
    std::vector<std::vector<double>> columns(k, std::vector<double>(n));
    for (auto& column : columns)
        for (auto& v : column) v = (g() % 3 == 0) ? 0.0 : static_cast<double>(g() % 997) / 997.0;
    return columns;
}

std::vector<std::span<const double>> spans(const std::vector<std::vector<double>>& columns) {
    return {columns.begin(), columns.end()};
}

} // namespace

TEST(WeightedRowSumsTest, EqualsAPlainLoopInUserOrderForEveryStride) {
    std::mt19937_64 g(3);
    for (std::size_t k : {1u, 3u, 8u, 13u, 112u, 150u, 600u}) {
        const std::size_t n = 57, R = 19;
        auto columns = randomColumns(k, n, k);
        // Whole columns of zeros and a zero stretch, so whole chunks are skipped.
        for (std::size_t c = 0; c < k; c += 5) std::fill(columns[c].begin(), columns[c].end(), 0.0);
        for (std::size_t c = 0; c < k; ++c) columns[c][n / 2] = 0.0;
        const PaddedRows rows(spans(columns), n);
        std::vector<std::uint8_t> weights(rows.activeUsers().size() * R);
        for (auto& w : weights) w = static_cast<std::uint8_t>(g() % 4 == 0 ? g() % 5 : 0);
        std::vector<double> sums(R * rows.stride(), 0.0);
        addWeightedRows(rows, weights.data(), R, sums.data());
        const auto& users = rows.activeUsers();
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t c = 0; c < k; ++c) {
                double expected = 0;  // one accumulator, users in order
                for (std::size_t j = 0; j < users.size(); ++j)
                    if (weights[j * R + r] != 0 && columns[c][users[j]] != 0)
                        expected += static_cast<double>(weights[j * R + r]) * columns[c][users[j]];
                ASSERT_EQ(sums[r * rows.stride() + rows.slot(c)], expected) << "k=" << k << " r=" << r << " c=" << c;
            }
    }
}

TEST(WeightedRowSumsTest, UsersWithOnlyZerosAreNotActive) {
    const std::vector<std::vector<double>> columns{{0, 1, 0, 0}, {0, 0, 0, 2}};
    const PaddedRows rows(spans(columns), 4);
    EXPECT_EQ(rows.activeUsers(), (std::vector<std::uint32_t>{1, 3}));
}

TEST(ResampledMeansTest, AColumnGivesTheSameMeansAloneWithOthersAndOnAnyThreadCount) {
    const auto columns = randomColumns(11, 3001, 5);
    ResamplingOptions options;
    options.resamples = 300;
    options.parallelism = Parallelism(1);
    const ResampledMeans together = resampleMeans(spans(columns), options);
    for (int threads : {1, 2, 8}) {
        options.parallelism = Parallelism(threads);
        const std::span<const double> alone[] = {columns[7]};
        const ResampledMeans single = resampleMeans(alone, options);
        ASSERT_EQ(single.resamples, 300u);
        for (std::size_t r = 0; r < 300; ++r) ASSERT_EQ(single.column(0)[r], together.column(7)[r]) << threads;
    }
}

TEST(ResampledMeansTest, SpreadOfTheMeansIsTheStandardErrorOfTheMean) {
    // Textbook: the bootstrap SD of a mean is sd·sqrt((n−1)/n)/sqrt(n); with
    // B = 4000 its estimate is within a few percent.
    const auto columns = randomColumns(1, 2000, 9);
    const Moments m = moments(columns[0]);
    ResamplingOptions options;
    options.resamples = 4000;
    const ResampledMeans means = resampleMeans(spans(columns), options);
    const Moments spread = moments(means.column(0));
    const double expected = m.sd * std::sqrt(1999.0 / 2000.0) / std::sqrt(2000.0);
    EXPECT_NEAR(spread.sd, expected, 0.05 * expected);
    EXPECT_NEAR(spread.mean, m.mean, 4 * expected / std::sqrt(4000.0));
}

TEST(ResampledMeansTest, OneUserResamplesToItself) {
    const std::vector<std::vector<double>> columns{{0.25}, {0.0}};
    const ResampledMeans means = resampleMeans(spans(columns), {});
    for (double v : means.column(0)) ASSERT_EQ(v, 0.25);
    for (double v : means.column(1)) ASSERT_EQ(v, 0.0);
}

TEST(RandomizationTestsTest, EachColumnEqualsItsOwnTestOnAnyThreadCount) {
    auto columns = randomColumns(9, 500, 11);
    for (auto& column : columns)
        for (auto& v : column) v -= 0.45;  // differences of both signs
    RandomizationOptions options;
    options.resampling.resamples = 999;
    options.resampling.parallelism = Parallelism(1);
    const auto together = randomizationTests(spans(columns), options);
    for (int threads : {1, 2, 8}) {
        options.resampling.parallelism = Parallelism(threads);
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const RandomizationResult alone = randomizationTest(std::span<const double>(columns[c]), options);
            ASSERT_EQ(alone.countGe, together[c].countGe) << "column " << c << ", threads " << threads;
            ASSERT_EQ(alone.pvalue, together[c].pvalue);
        }
    }
}

TEST(RandomizationTestsTest, ColumnsOfDifferentLengthsAreRefused) {
    const std::vector<std::vector<double>> columns{{1, 2, 3}, {1, 2}};
    EXPECT_THROW(randomizationTests(spans(columns), {}), Error);
}

TEST(WilcoxonRankingTest, RankSumsEqualRanksCountedByBruteForce) {
    // r+ = Σ over positive d of its average rank among |d| (zeros dropped),
    // the rank counted directly: #{|e| < |d|} + (#{|e| = |d|} + 1) / 2.
    std::mt19937_64 g(21);
    std::vector<double> d(1500);
    for (auto& v : d) v = static_cast<double>(static_cast<int>(g() % 41) - 20) / 8.0;  // heavy ties
    std::vector<double> kept;
    for (double v : d)
        if (v != 0) kept.push_back(v);
    double rPlus = 0, rMinus = 0;
    for (double v : kept) {
        double less = 0, equal = 0;
        for (double e : kept) {
            less += std::fabs(e) < std::fabs(v);
            equal += std::fabs(e) == std::fabs(v);
        }
        (v > 0 ? rPlus : rMinus) += less + (equal + 1) / 2;
    }
    const WilcoxonResult w = wilcoxon(std::span<const double>(d));
    EXPECT_EQ(w.rPlus, rPlus);
    EXPECT_EQ(w.rMinus, rMinus);
    EXPECT_EQ(w.statistic, std::min(rPlus, rMinus));
}
