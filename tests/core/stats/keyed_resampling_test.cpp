// The resampling keyed by user (user_layout.h, bucket_tree.h, keyed_flips.h):
// the sums equal an explicit loop over the keyed draws, shards over any
// bucket ranges give one machine's bits, and the flips are fair, checked
// against enumeration. The keyed bootstrap: keyed_bootstrap_test.cpp.
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

} // namespace
} // namespace ranklab::stats
