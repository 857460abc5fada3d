// The randomized Tukey HSD against a brute-force enumeration written here
// (every assignment of every user's values to the models, the statistic the
// range of the permuted means): equal in the exact mode, within sampling
// error in the random mode; many columns at once equal one at a time, and
// nothing depends on the thread count.
#include <algorithm>
#include <cmath>
#include <functional>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/randomized_tukey.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

using Matrix = std::vector<std::vector<double>>;  // [model][user]

// For each pair (i < j): the share of all (k!)^n joint permutations whose
// range of means reaches |m_i − m_j| − 1e-12.
std::vector<double> bruteForce(const Matrix& x) {
    const std::size_t k = x.size(), n = x[0].size();
    std::vector<double> means(k);
    for (std::size_t j = 0; j < k; ++j) {
        for (double v : x[j]) means[j] += v;
        means[j] /= static_cast<double>(n);
    }
    std::vector<double> rangesSeen;
    std::vector<std::vector<std::size_t>> assignment(n);
    std::function<void(std::size_t)> recurse = [&](std::size_t u) {
        if (u == n) {
            std::vector<double> sums(k, 0.0);
            for (std::size_t v = 0; v < n; ++v)
                for (std::size_t j = 0; j < k; ++j) sums[j] += x[assignment[v][j]][v];
            const auto [lo, hi] = std::minmax_element(sums.begin(), sums.end());
            rangesSeen.push_back((*hi - *lo) / static_cast<double>(n));
            return;
        }
        std::vector<std::size_t> order(k);
        for (std::size_t j = 0; j < k; ++j) order[j] = j;
        do {
            assignment[u] = order;
            recurse(u + 1);
        } while (std::next_permutation(order.begin(), order.end()));
    };
    recurse(0);
    std::vector<double> p;
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = i + 1; j < k; ++j) {
            const double observed = std::fabs(means[i] - means[j]);
            double count = 0;
            for (double r : rangesSeen) count += r >= observed - 1e-12;
            p.push_back(count / static_cast<double>(rangesSeen.size()));
        }
    return p;
}

std::vector<std::span<const double>> spans(const Matrix& x) { return {x.begin(), x.end()}; }

const Matrix kThreeByFour{{0.9, 0.4, 0.7, 0.3}, {0.5, 0.5, 0.2, 0.1}, {0.1, 0.3, 0.6, 0.0}};

TEST(RandomizedTukey, ExactEnumerationEqualsBruteForce) {
    for (const Matrix& x : {kThreeByFour, Matrix{{1, 2, 3, 4, 5, 6}, {2, 2, 1, 5, 3, 7}},
                            Matrix{{0.5, 0.5, 0.25}, {0.5, 0.25, 0.25}, {0.0, 0.5, 0.25}, {0.75, 0.5, 1.0}}}) {
        RandomizedTukeyOptions options;
        options.exactMax = 1'000'000;
        const auto results = randomizedTukey(spans(x), x.size(), options);
        ASSERT_EQ(results.size(), 1u);
        const auto expected = bruteForce(x);
        const auto& r = results[0];
        EXPECT_TRUE(r.exact);
        ASSERT_EQ(r.pairs.size(), expected.size());
        for (std::size_t p = 0; p < expected.size(); ++p) EXPECT_DOUBLE_EQ(r.pairs[p].pAdjusted, expected[p]) << p;
        EXPECT_DOUBLE_EQ(r.pOmnibus, *std::min_element(expected.begin(), expected.end()));
    }
}

TEST(RandomizedTukey, RandomPermutationsAgreeWithBruteForceWithinSamplingError) {
    RandomizedTukeyOptions options;
    options.exactMax = 0;  // force the random mode
    options.resampling.resamples = 20'000;
    const auto r = randomizedTukey(spans(kThreeByFour), 3, options)[0];
    EXPECT_FALSE(r.exact);
    EXPECT_EQ(r.resamples, 20'000u);
    const auto expected = bruteForce(kThreeByFour);
    for (std::size_t p = 0; p < expected.size(); ++p) {
        const double se = std::sqrt(expected[p] * (1 - expected[p]) / 20'000.0);
        EXPECT_NEAR(r.pairs[p].pAdjusted, expected[p], 4 * se + 1e-4) << p;
        EXPECT_DOUBLE_EQ(r.pairs[p].pAdjusted, (1.0 + static_cast<double>(r.pairs[p].countGe)) / 20'001.0);
    }
}

TEST(RandomizedTukey, ManyColumnsEqualOneAtATimeForAnyThreadCount) {
    const Matrix second{{0.2, 0.8, 0.1, 0.9}, {0.3, 0.3, 0.3, 0.3}, {0.6, 0.4, 0.5, 0.7}};
    std::vector<std::span<const double>> both;
    for (const auto& x : kThreeByFour) both.emplace_back(x);
    for (const auto& x : second) both.emplace_back(x);
    RandomizedTukeyOptions options;
    options.exactMax = 0;
    options.resampling.resamples = 3000;
    options.resampling.parallelism = Parallelism(1);
    const auto together = randomizedTukey(both, 3, options);
    options.resampling.parallelism = Parallelism(2);
    const auto twoThreads = randomizedTukey(both, 3, options);
    const auto alone = randomizedTukey(spans(second), 3, options);
    ASSERT_EQ(together.size(), 2u);
    for (std::size_t p = 0; p < 3; ++p) {
        EXPECT_EQ(together[1].pairs[p].countGe, alone[0].pairs[p].countGe);
        EXPECT_EQ(together[0].pairs[p].countGe, twoThreads[0].pairs[p].countGe);
        EXPECT_EQ(together[1].pairs[p].countGe, twoThreads[1].pairs[p].countGe);
    }
}

TEST(RandomizedTukey, PermutationsAreUniform) {
    // One user whose values 0..4 identify the model they land on: over many
    // resamples every model gets each value a fifth of the time, seen through
    // the range statistic of a single user (max − min = 4 always) and through
    // two users: P(range of sums ≥ 7) is counted by brute force.
    const Matrix x{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}};
    RandomizedTukeyOptions options;
    options.exactMax = 0;
    options.resampling.resamples = 40'000;
    const auto r = randomizedTukey(spans(x), 5, options)[0];
    RandomizedTukeyOptions exact;
    exact.exactMax = 1'000'000;
    const auto e = randomizedTukey(spans(x), 5, exact)[0];
    ASSERT_TRUE(e.exact);
    for (std::size_t p = 0; p < r.pairs.size(); ++p) {
        const double q = e.pairs[p].pAdjusted;
        EXPECT_NEAR(r.pairs[p].pAdjusted, q, 4 * std::sqrt(q * (1 - q) / 40'000.0) + 1e-4) << p;
    }
}

TEST(RandomizedTukey, RefusesMismatchedColumns) {
    const Matrix ragged{{1, 2}, {1}};
    EXPECT_THROW(randomizedTukey(spans(ragged), 2), Error);
    EXPECT_THROW(randomizedTukey(spans(kThreeByFour), 2), Error);
    EXPECT_THROW(randomizedTukey(spans(kThreeByFour), 1), Error);
}

} // namespace
