#include "synth/alias_table.h"
#include "common/random.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

using namespace ranklab::synth;

// Reference values from an independent Python transcription of splitmix64 and
// xoshiro256** (state filled from the splitmix64 sequence of the key).
TEST(RandomTest, Mix64MatchesSplitmix64Reference) {
    EXPECT_EQ(mix64(0), 0xe220a8397b1dcdafull);  // splitmix64's first output for seed 0
    EXPECT_EQ(mix64(1), 0x910a2dec89025cc1ull);
}

TEST(RandomTest, XoshiroMatchesReferenceSequence) {
    Rng rng(0);
    EXPECT_EQ(rng.next(), 0x99ec5f36cb75f2b4ull);
    EXPECT_EQ(rng.next(), 0xbf6e1f784956452aull);
    EXPECT_EQ(rng.next(), 0x1a5f849d4933e6e0ull);
}

TEST(RandomTest, StreamsDifferBySeedPurposeAndIndex) {
    const auto first = [](Rng r) { return r.next(); };
    const std::uint64_t base = first(Rng(42, Stream::Truth, 7));
    EXPECT_EQ(first(Rng(42, Stream::Truth, 7)), base);
    EXPECT_NE(first(Rng(43, Stream::Truth, 7)), base);
    EXPECT_NE(first(Rng(42, Stream::Broad, 7)), base);
    EXPECT_NE(first(Rng(42, Stream::Truth, 8)), base);
}

// Moments of 200,000 draws; tolerances are > 5 standard errors.
TEST(RandomTest, UniformAndNormalHaveTheirMoments) {
    Rng rng(1);
    const int n = 200000;
    double su = 0, sn = 0, sn2 = 0;
    for (int i = 0; i < n; ++i) {
        const double u = rng.uniform();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
        su += u;
        const double z = rng.normal();
        sn += z;
        sn2 += z * z;
    }
    EXPECT_NEAR(su / n, 0.5, 0.004);  // se = 0.29/sqrt(n) = 0.00065
    EXPECT_NEAR(sn / n, 0.0, 0.012);  // se = 0.0022
    EXPECT_NEAR(sn2 / n, 1.0, 0.02);  // se = sqrt(2/n) = 0.0032
}

TEST(RandomTest, BelowStaysInRangeAndCoversIt) {
    Rng rng(2);
    std::vector<int> seen(7, 0);
    for (int i = 0; i < 7000; ++i) {
        const auto k = rng.below(7);
        ASSERT_LT(k, 7u);
        ++seen[k];
    }
    for (int c : seen) EXPECT_NEAR(c, 1000, 150);
}

// Weights 1, 2, 3, 4 (sum 10): expected frequencies 0.1..0.4 of 100,000 draws.
TEST(AliasTableTest, FrequenciesFollowWeights) {
    const std::vector<double> weights{1, 2, 3, 4};
    AliasTable table(weights);
    Rng rng(3);
    std::vector<int> count(4, 0);
    const int n = 100000;
    for (int i = 0; i < n; ++i) ++count[table.sample(rng)];
    for (int k = 0; k < 4; ++k) EXPECT_NEAR(count[k] / double(n), weights[k] / 10.0, 0.008);
}

TEST(AliasTableTest, ZeroWeightIsNeverDrawn) {
    AliasTable table(std::vector<double>{0.0, 1.0, 0.0, 1.0});
    Rng rng(4);
    for (int i = 0; i < 10000; ++i) {
        const auto k = table.sample(rng);
        ASSERT_TRUE(k == 1 || k == 3) << k;
    }
}
