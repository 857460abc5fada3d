// The permutations of the randomized Tukey HSD: the three table digits give
// every permutation exactly once (brute-force enumeration), draws are
// permutations and uniform (chi-square against the exact 1/k!), and skip()
// leaves the stream where draw() does.
#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/permutation_draws.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

std::vector<std::uint8_t> firstK(const std::vector<std::uint8_t>& out, std::size_t k) {
    return {out.begin(), out.begin() + static_cast<std::ptrdiff_t>(k)};
}

// A permutation of at most 8 models as one number (a set key).
std::uint64_t packed(const std::vector<std::uint8_t>& p) {
    std::uint64_t key = 0;
    for (std::uint8_t v : p) key = key * 16 + v;
    return key;
}

bool isPermutation(std::vector<std::uint8_t> p) {
    std::sort(p.begin(), p.end());
    for (std::size_t i = 0; i < p.size(); ++i)
        if (p[i] != i) return false;
    return true;
}

} // namespace

TEST(PermutationDraws, TableDigitsGiveEveryPermutationOnce) {
    for (std::size_t k = 1; k <= 8; ++k) {
        const PermutationDraws draws(k);
        ASSERT_TRUE(draws.usesTables());
        std::uint64_t factorial = 1;
        for (std::size_t i = 2; i <= k; ++i) factorial *= i;
        EXPECT_EQ(draws.firstOrders() * draws.secondOrders() * draws.subsets(), factorial) << k;
        std::set<std::uint64_t> seen;
        std::vector<std::uint8_t> out(16);
        for (std::uint64_t a = 0; a < draws.firstOrders(); ++a)
            for (std::uint64_t b = 0; b < draws.secondOrders(); ++b)
                for (std::uint64_t s = 0; s < draws.subsets(); ++s) {
                    draws.compose(a, b, s, out.data());
                    const auto p = firstK(out, k);
                    ASSERT_TRUE(isPermutation(p)) << k;
                    seen.insert(packed(p));
                }
        EXPECT_EQ(seen.size(), factorial) << k;
    }
}

TEST(PermutationDraws, DrawsArePermutationsForEveryPath) {
    for (std::size_t k : {1u, 2u, 7u, 12u, 13u, 16u, 17u, 40u, 255u}) {
        const PermutationDraws draws(k);
        EXPECT_EQ(draws.usesTables(), k <= 12);
        EXPECT_EQ(draws.stride() % 16, 0u);
        EXPECT_GE(draws.stride(), k);
        synth::Rng rng(99 + k);
        std::vector<std::uint8_t> out(draws.stride());
        for (int i = 0; i < 200; ++i) {
            draws.draw(rng, out.data());
            ASSERT_TRUE(isPermutation(firstK(out, k))) << k;
        }
    }
    EXPECT_THROW(PermutationDraws(0), Error);
    EXPECT_THROW(PermutationDraws(256), Error);
}

TEST(PermutationDraws, DrawsAreUniform) {
    // k = 4 through the tables (24 permutations) and k = 13 through the
    // shuffle (slot 0's model, 13 values): Pearson's chi-square against the
    // uniform law, below the 0.999 quantile (49.7 for 23 df, 32.9 for 12).
    {
        const PermutationDraws draws(4);
        synth::Rng rng(7);
        std::map<std::uint64_t, int> counts;
        std::vector<std::uint8_t> out(16);
        const int n = 240'000;
        for (int i = 0; i < n; ++i) {
            draws.draw(rng, out.data());
            ++counts[packed(firstK(out, 4))];
        }
        ASSERT_EQ(counts.size(), 24u);
        double chi2 = 0;
        for (const auto& [perm, count] : counts) chi2 += (count - n / 24.0) * (count - n / 24.0) / (n / 24.0);
        EXPECT_LT(chi2, 49.7);
    }
    {
        const PermutationDraws draws(13);
        synth::Rng rng(8);
        std::vector<int> counts(13);
        std::vector<std::uint8_t> out(16);
        const int n = 130'000;
        for (int i = 0; i < n; ++i) {
            draws.draw(rng, out.data());
            ++counts[out[0]];
        }
        double chi2 = 0;
        for (int count : counts) chi2 += (count - n / 13.0) * (count - n / 13.0) / (n / 13.0);
        EXPECT_LT(chi2, 32.9);
    }
}

TEST(PermutationDraws, SkipLeavesTheStreamWhereDrawDoes) {
    for (std::size_t k : {5u, 14u}) {
        const PermutationDraws draws(k);
        synth::Rng a(11), b(11);
        std::vector<std::uint8_t> out(draws.stride());
        draws.draw(a, out.data());
        draws.skip(b);
        EXPECT_EQ(a.next(), b.next()) << k;
        // drawBytes() is draw() as a vector (k ≤ 16).
        synth::Rng c(12), d(12);
        draws.draw(c, out.data());
        const auto bytes = draws.drawBytes(d);
        for (std::size_t j = 0; j < k; ++j) EXPECT_EQ(bytes[j], out[j]) << k;
    }
}
