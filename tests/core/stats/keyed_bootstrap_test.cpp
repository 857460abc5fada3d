// The bootstrap keyed by user (keyed_bootstrap.h): the sums equal an
// explicit loop over the keyed draws, shards over any bucket ranges give one
// machine's bits, the order of the rows and the thread count change nothing,
// and the draws have the distributions they claim (multinomial bucket
// totals, uniform draws with replacement), checked against closed forms.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/error.h"
#include "common/user_key.h"
#include "stats/bucket_tree.h"
#include "stats/keyed_bootstrap.h"
#include "stats/keyed_flips.h"
#include "stats/moments.h"
#include "stats/user_layout.h"
#include "core/stats/keyed_test_support.h"
namespace ranklab::stats {
namespace {

using namespace keyed_test;

TEST(KeyedBootstrap, BucketSplitSendsEveryDrawToOneNodeAndNoneToEmptyOnes) {
    std::mt19937 rng(2);
    std::vector<std::uint64_t> sizes(kUserBuckets);
    for (auto& s : sizes) s = rng() % 5 == 0 ? 0 : rng() % 30;
    const std::uint64_t n = std::accumulate(sizes.begin(), sizes.end(), std::uint64_t{0});
    const BucketSplit whole(7, sizes);
    std::vector<std::uint32_t> all(kTreeLeaves >> kDrawLevel);
    for (std::uint64_t r = 0; r < 50; ++r) {
        whole.draws(r, all);
        EXPECT_EQ(std::accumulate(all.begin(), all.end(), std::uint64_t{0}), n);
        for (std::uint32_t d = 0; d < all.size(); ++d) {
            std::uint64_t users = 0;
            for (std::uint32_t b = d << kDrawLevel; b < (d + 1) << kDrawLevel; ++b) users += sizes[b];
            if (users == 0) { EXPECT_EQ(all[d], 0u); }
        }
        // A shard's split gives the same totals for its nodes.
        const BucketSplit part(7, sizes, 1000, 1365);
        std::vector<std::uint32_t> some((1364 >> kDrawLevel) - (1000 >> kDrawLevel) + 1);
        part.draws(r, some);
        for (std::size_t i = 0; i < some.size(); ++i) EXPECT_EQ(some[i], all[(1000 >> kDrawLevel) + i]);
    }
}

TEST(KeyedBootstrap, NodeTotalsFollowTheMultinomialOfTheNodesShares) {
    // n = 12,800 users, node 0 holding 1/4 of them, node 1 1/16, the rest
    // spread: over 4,000 resamples each node's draws have mean n·p and
    // variance n·p·(1 − p) (binomial margins of the multinomial).
    std::vector<std::uint64_t> sizes(kUserBuckets, 0);
    for (std::uint32_t b = 0; b < 16; ++b) sizes[b] = 200;        // node 0: 3,200
    for (std::uint32_t b = 16; b < 32; ++b) sizes[b] = 50;        // node 1: 800
    for (std::uint32_t b = 32; b < 4096; b += 7) sizes[b] = 15;   // the rest: 8,700 over 581 buckets
    const double n = static_cast<double>(std::accumulate(sizes.begin(), sizes.end(), std::uint64_t{0}));
    const BucketSplit split(11, sizes);
    std::vector<std::uint32_t> out(kTreeLeaves >> kDrawLevel);
    const int R = 4000;
    for (std::uint32_t node : {0u, 1u}) {
        double p = 0;
        for (std::uint32_t b = node * 16; b < node * 16 + 16; ++b) p += static_cast<double>(sizes[b]);
        p /= n;
        std::vector<double> draws;
        for (int r = 0; r < R; ++r) {
            split.draws(static_cast<std::uint64_t>(r), out);
            draws.push_back(out[node]);
        }
        const Moments m = moments(draws);
        const double variance = n * p * (1 - p);
        EXPECT_NEAR(m.mean, n * p, 5 * std::sqrt(variance / R)) << node;
        EXPECT_NEAR(m.sd * m.sd / variance, 1.0, 5 * std::sqrt(2.0 / R)) << node;
    }
}

TEST(KeyedBootstrap, CountsAreDrawsWithReplacementOfEveryUser) {
    // Column j is user j's indicator, so the sums are the counts: every
    // resample draws n users in all, and a user's count is Binomial(n, 1/n):
    // P(0) = (1 − 1/n)^n, mean 1.
    const std::size_t n = 240;
    const auto keys = keysOf(n, 13);
    std::vector<std::vector<double>> indicator(n, std::vector<double>(n, 0.0));
    for (std::size_t j = 0; j < n; ++j) indicator[j][j] = 1.0;
    ResamplingOptions options;
    options.resamples = 2000;
    const UserLayout layout = UserLayout::of(keys);
    const auto nodes = keyedBootstrapSums(layout, spans(indicator), layout.bucketSizes(), 0, kTreeLeaves, options);
    const auto root = treeRoot(pointers(nodes));
    std::size_t zeros = 0;
    for (std::size_t r = 0; r < options.resamples; ++r) {
        double total = 0;
        for (std::size_t j = 0; j < n; ++j) {
            const double count = root[r * n + j];
            ASSERT_EQ(count, std::floor(count));
            total += count;
            zeros += count == 0;
        }
        ASSERT_EQ(total, static_cast<double>(n)) << r;
    }
    const double cells = static_cast<double>(n * options.resamples);
    const double p0 = std::pow(1.0 - 1.0 / n, static_cast<double>(n));
    EXPECT_NEAR(static_cast<double>(zeros) / cells, p0, 5 * std::sqrt(p0 * (1 - p0) / cells));
}

TEST(KeyedBootstrap, ShardedSumsEqualOneMachineBitForBit) {
    const std::size_t n = 2500, C = 4;
    const auto keys = keysOf(n, 21);
    const auto columns = roundingColumns(C, n, 6);
    ResamplingOptions options;
    options.resamples = 260;
    const UserLayout layout = UserLayout::of(keys);
    const auto sizes = layout.bucketSizes();
    const auto whole = treeRoot(pointers(keyedBootstrapSums(layout, spans(columns), sizes, 0, kTreeLeaves, options)));
    for (const auto& cuts : kSplits) {
        std::vector<TreeNode> nodes;
        for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
            const auto rows = rowsIn(keys, cuts[s], cuts[s + 1]);
            const auto shard = pickColumns(columns, rows);
            for (auto& node : keyedBootstrapSums(UserLayout::of(pick(keys, rows)), spans(shard), sizes, cuts[s],
                                                 cuts[s + 1], options))
                nodes.push_back(std::move(node));
        }
        EXPECT_TRUE(sameBits(treeRoot(pointers(nodes)), whole));
    }
}

TEST(KeyedBootstrap, RowOrderAndThreadsChangeNoBit) {
    const std::size_t n = 4000, C = 3;
    auto keys = keysOf(n, 2);
    auto columns = roundingColumns(C, n, 7);
    ResamplingOptions one;
    one.resamples = 500;
    one.parallelism = Parallelism(1);
    ResamplingOptions two = one;
    two.parallelism = Parallelism(2);
    const ResampledMeans a = keyedResampleMeans(keys, spans(columns), one);
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), std::mt19937(4));
    const auto shuffledColumns = pickColumns(columns, order);
    const ResampledMeans b = keyedResampleMeans(pick(keys, order), spans(shuffledColumns), two);
    EXPECT_TRUE(sameBits(a.values, b.values));
}

TEST(KeyedBootstrap, StandardErrorIsTheMeansSdOverRootN) {
    // The bootstrap SE of a mean is s·√((n − 1)/n)/√n; 20,000 resamples
    // estimate it within about 0.5%.
    const std::size_t n = 3000;
    const auto columns = roundingColumns(1, n, 12);
    ResamplingOptions options;
    options.resamples = 20000;
    const ResampledMeans means = keyedResampleMeans(keysOf(n, 4), spans(columns), options);
    const Moments x = moments(columns[0]);
    const double expected = x.sd * std::sqrt((n - 1.0) / n) / std::sqrt(static_cast<double>(n));
    EXPECT_NEAR(moments(means.column(0)).sd / expected, 1.0, 0.03);
    const BootstrapInterval interval = percentileInterval(means.column(0), 0.95);
    EXPECT_NEAR(interval.lo, x.mean - 1.96 * expected, 0.1 * expected);
    EXPECT_NEAR(interval.hi, x.mean + 1.96 * expected, 0.1 * expected);
}

TEST(KeyedBootstrap, SizesThatDisagreeWithTheUsersAreRefused) {
    const auto keys = keysOf(100);
    const auto columns = roundingColumns(1, 100, 1);
    const UserLayout layout = UserLayout::of(keys);
    auto sizes = layout.bucketSizes();
    sizes[keys[0].bucket()] += 1;
    try {
        keyedBootstrapSums(layout, spans(columns), sizes, 0, kTreeLeaves, {});
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("in the bucket sizes given"));
    }
}

} // namespace
} // namespace ranklab::stats
