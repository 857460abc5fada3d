// The resampling keyed by user (user_layout.h, bucket_tree.h, keyed_flips.h,
// keyed_bootstrap.h): the sums equal an explicit loop over the keyed draws,
// shards over any bucket ranges give one machine's bits, the order of the
// rows and the thread count change nothing, and the draws have the
// distributions they claim (fair flips, multinomial bucket totals, uniform
// draws with replacement), checked against enumeration and closed forms.
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

namespace ranklab::stats {
namespace {

std::vector<UserKey> keysOf(std::size_t n, std::size_t salt = 0) {
    std::vector<UserKey> keys(n);
    for (std::size_t i = 0; i < n; ++i) keys[i] = userKey("user-" + std::to_string(i * 31 + salt));
    return keys;
}

// Values that add exactly in any order: multiples of 1/16 below 2^10.
std::vector<std::vector<double>> dyadicColumns(std::size_t columns, std::size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::vector<double>> out(columns, std::vector<double>(n));
    for (auto& c : out)
        for (auto& v : c) v = rng() % 3 == 0 ? 0.0 : static_cast<double>(rng() % 16384) / 16.0;
    return out;
}

// Values whose sums round: the order of the additions shows in the bits.
std::vector<std::vector<double>> roundingColumns(std::size_t columns, std::size_t n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<std::vector<double>> out(columns, std::vector<double>(n));
    for (auto& c : out)
        for (auto& v : c) v = rng() % 4 == 0 ? 0.0 : u(rng) / 3.0;
    return out;
}

std::vector<std::span<const double>> spans(const std::vector<std::vector<double>>& columns) {
    return {columns.begin(), columns.end()};
}

std::vector<const TreeNode*> pointers(const std::vector<TreeNode>& nodes) {
    std::vector<const TreeNode*> out;
    for (const auto& n : nodes) out.push_back(&n);
    return out;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// The rows of a shard: the users whose bucket lies in begin:end.
std::vector<std::size_t> rowsIn(const std::vector<UserKey>& keys, std::uint32_t begin, std::uint32_t end) {
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < keys.size(); ++r)
        if (keys[r].bucket() >= begin && keys[r].bucket() < end) rows.push_back(r);
    return rows;
}

template <class T> std::vector<T> pick(const std::vector<T>& all, const std::vector<std::size_t>& rows) {
    std::vector<T> out;
    for (std::size_t r : rows) out.push_back(all[r]);
    return out;
}

std::vector<std::vector<double>> pickColumns(const std::vector<std::vector<double>>& columns,
                                             const std::vector<std::size_t>& rows) {
    std::vector<std::vector<double>> out;
    for (const auto& c : columns) out.push_back(pick(c, rows));
    return out;
}

const std::vector<std::vector<std::uint32_t>> kSplits = {
    {0, 4096}, {0, 2048, 4096}, {0, 1, 1000, 1365, 4095, 4096}, {0, 17, 18, 2731, 4096}};

TEST(UserLayout, OrdersUsersByBucketThenKeyWhateverTheRowOrder) {
    const auto keys = keysOf(5000);
    const UserLayout layout = UserLayout::of(keys);
    ASSERT_EQ(layout.size(), keys.size());
    EXPECT_EQ(layout.start.front(), 0u);
    EXPECT_EQ(layout.start.back(), keys.size());
    for (std::size_t p = 1; p < layout.size(); ++p) EXPECT_LT(keys[layout.rows[p - 1]], keys[layout.rows[p]]);
    for (std::uint32_t b = 0; b < kUserBuckets; ++b)
        for (std::uint32_t p = layout.start[b]; p < layout.start[b + 1]; ++p) EXPECT_EQ(keys[layout.rows[p]].bucket(), b);
    std::vector<UserKey> reversed(keys.rbegin(), keys.rend());
    EXPECT_EQ(UserLayout::of(reversed).hashes, layout.hashes);
}

TEST(BucketTree, CoveringNodesAreTheFewestWholeNodesInOrder) {
    std::mt19937 rng(5);
    for (int trial = 0; trial < 2000; ++trial) {
        std::uint32_t a = rng() % 4096, b = rng() % 4096;
        if (a == b) continue;
        if (a > b) std::swap(a, b);
        std::uint32_t next = a;
        for (std::uint32_t node : coveringNodes(a, b)) {
            const BucketSpan s = bucketsOf(node);
            EXPECT_EQ(s.begin, next);
            next = s.end;
            // Whole and maximal: the parent sticks out of a:b.
            if (node > kTreeRoot) {
                const BucketSpan parent = bucketsOf(node / 2);
                EXPECT_TRUE(parent.begin < a || parent.end > b) << a << ":" << b << " node " << node;
            }
        }
        EXPECT_EQ(next, b);
        EXPECT_LE(coveringNodes(a, b).size(), 24u);
    }
    EXPECT_EQ(coveringNodes(0, 4096), std::vector<std::uint32_t>{kTreeRoot});
    EXPECT_EQ(coveringNodes(1024, 2048), std::vector<std::uint32_t>{5});
}

TEST(BucketTree, ShardsGiveTheRootOfOneMachineBitForBit) {
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<std::uint64_t> users(kTreeLeaves);
    std::vector<std::vector<double>> leaves(kTreeLeaves, std::vector<double>(7));
    for (std::uint32_t b = 0; b < kTreeLeaves; ++b) {
        users[b] = rng() % 4 == 0 ? 0 : 1 + rng() % 9;
        for (double& v : leaves[b]) v = u(rng) / 3.0;
    }
    const auto leaf = [&](std::uint32_t b, double* out) { std::copy(leaves[b].begin(), leaves[b].end(), out); };
    const auto whole = sumTree(0, kTreeLeaves, users, 7, leaf);
    ASSERT_EQ(whole.size(), 1u);
    for (const auto& cuts : kSplits) {
        std::vector<TreeNode> nodes;
        for (std::size_t s = 0; s + 1 < cuts.size(); ++s)
            for (auto& n : sumTree(cuts[s], cuts[s + 1], users, 7, leaf)) nodes.push_back(std::move(n));
        std::shuffle(nodes.begin(), nodes.end(), rng);
        EXPECT_TRUE(sameBits(treeRoot(pointers(nodes)), whole.front().values));
    }
    // The root is the sum of the leaves (exactly, for dyadic leaves).
    for (auto& l : leaves)
        for (double& v : l) v = std::round(v * 64) / 64;
    const auto dyadic = sumTree(0, kTreeLeaves, users, 7, leaf);
    for (std::size_t i = 0; i < 7; ++i) {
        double sum = 0;
        for (std::uint32_t b = 0; b < kTreeLeaves; ++b)
            if (users[b] > 0) sum += leaves[b][i];
        EXPECT_EQ(dyadic.front().values[i], sum);
    }
}

TEST(BucketTree, TreeRootNamesMissingAndDoubledBuckets) {
    std::vector<std::uint64_t> users(kTreeLeaves, 1);
    const auto leaf = [](std::uint32_t, double* out) { out[0] = 1; };
    auto left = sumTree(0, 2048, users, 1, leaf);
    try {
        treeRoot(pointers(left));
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_THAT(e.what(), ::testing::HasSubstr("missing"));
    }
    auto both = sumTree(0, 4096, users, 1, leaf);
    both.push_back(left.front());
    EXPECT_THROW(treeRoot(pointers(both)), Error);
}

TEST(KeyedFlips, SumsEqualAnExplicitLoopOverEachUsersKeyedBits) {
    const std::size_t n = 1003, C = 5;
    const auto keys = keysOf(n, 7);
    const auto columns = dyadicColumns(C, n, 3);
    ResamplingOptions options;
    options.resamples = 1100;  // two blocks, the last not whole words
    options.seed = 99;
    const UserLayout layout = UserLayout::of(keys);
    const FlipSums sums = keyedFlipSums(layout, spans(columns), 0, kTreeLeaves, options);
    const auto F = treeRoot(pointers(sums.flipped));
    const auto T = treeRoot(pointers(sums.totals));
    for (std::size_t c = 0; c < C; ++c) EXPECT_EQ(T[c], std::accumulate(columns[c].begin(), columns[c].end(), 0.0));
    for (std::size_t r = 0; r < options.resamples; ++r)
        for (std::size_t c = 0; c < C; ++c) {
            double expected = 0;
            for (std::size_t u = 0; u < n; ++u) {
                const std::uint64_t word = flipWord(flipStream(options.seed, keys[u].hash), r / 64);
                if (word >> (r % 64) & 1) expected += columns[c][u];
            }
            ASSERT_EQ(F[r * C + c], expected) << "flip " << r << " column " << c;
        }
}

TEST(KeyedFlips, ShardedSumsEqualOneMachineBitForBit) {
    const std::size_t n = 3000, C = 3;
    const auto keys = keysOf(n, 1);
    const auto columns = roundingColumns(C, n, 4);
    ResamplingOptions options;
    options.resamples = 300;
    const FlipSums whole = keyedFlipSums(UserLayout::of(keys), spans(columns), 0, kTreeLeaves, options);
    const auto F = treeRoot(pointers(whole.flipped));
    for (const auto& cuts : kSplits) {
        std::vector<TreeNode> flipped, totals;
        for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
            const auto rows = rowsIn(keys, cuts[s], cuts[s + 1]);
            const auto shardColumns = pickColumns(columns, rows);
            const FlipSums part = keyedFlipSums(UserLayout::of(pick(keys, rows)), spans(shardColumns), cuts[s],
                                                cuts[s + 1], options);
            flipped.insert(flipped.end(), part.flipped.begin(), part.flipped.end());
            totals.insert(totals.end(), part.totals.begin(), part.totals.end());
        }
        EXPECT_TRUE(sameBits(treeRoot(pointers(flipped)), F));
        EXPECT_TRUE(sameBits(treeRoot(pointers(totals)), treeRoot(pointers(whole.totals))));
    }
}

TEST(KeyedFlips, FlipsAreFairCoins) {
    // 4,000 users × 640 flips: the share of set bits is 1/2 within 5 SD.
    std::uint64_t ones = 0, bits = 0;
    for (const UserKey& key : keysOf(4000, 3)) {
        const std::uint64_t stream = flipStream(42, key.hash);
        for (std::uint64_t j = 0; j < 10; ++j) {
            ones += static_cast<std::uint64_t>(std::popcount(flipWord(stream, j)));
            bits += 64;
        }
    }
    const double share = static_cast<double>(ones) / static_cast<double>(bits);
    EXPECT_NEAR(share, 0.5, 5 * 0.5 / std::sqrt(static_cast<double>(bits)));
}

TEST(KeyedFlips, PValueAgreesWithEveryOneOfTheTwoToTheTwentySignVectors) {
    // 20 users: the exact p by enumeration (randomization_test.h, 2^20
    // vectors) against the keyed flips' estimate, within 5 SD of 20,000 flips.
    std::mt19937 rng(8);
    std::normal_distribution<double> z(0.25, 1.0);
    std::vector<double> d(20);
    for (double& v : d) v = std::round(z(rng) * 1000) / 1000;
    RandomizationOptions exact;
    exact.exactMaxN = 20;
    const double p = randomizationTest(d, exact).pvalue;
    const std::vector<std::vector<double>> columns{d};
    const UserLayout layout = UserLayout::of(keysOf(20, 5));
    ResamplingOptions options;
    options.resamples = 20000;
    const FlipSums sums = keyedFlipSums(layout, spans(columns), 0, kTreeLeaves, options);
    const double mean = moments(d).mean;
    const auto result = keyedFlipTests(pointers(sums.flipped), pointers(sums.totals), 1, 20000,
                                       std::vector<double>{mean}, 20, 1e-12);
    EXPECT_GT(p, 0.01);
    EXPECT_NEAR(result.front().pvalue, p, 5 * std::sqrt(p * (1 - p) / 20000.0));
}

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
