// Sign-flip randomization test. Up to 16 users every one of the 2^n sign
// vectors is enumerated: count_ge and p must equal the golden enumeration
// exactly. Above that, B random flips from a fixed seed.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/randomization_test.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::sameBits;

namespace {

std::vector<std::string> exactCases() {
    std::vector<std::string> names;
    for (const auto& c : golden::pairedCases())
        if (c.json.at("randomization_exact").at("computed").get<bool>()) names.push_back(c.name);
    return names;
}

class RandomizationGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomizationGolden, ExactEnumerationCountsLikeTheReference) {
    const auto& c = golden::pairedCase(GetParam());
    const auto& expected = c.json.at("randomization_exact");
    const RandomizationResult r = randomizationTest(c.a, c.b);
    EXPECT_TRUE(r.exact);
    EXPECT_EQ(r.flips, expected.at("n_flips").get<std::uint64_t>());
    EXPECT_EQ(r.countGe, expected.at("count_ge").get<std::uint64_t>());
    EXPECT_EQ(r.pvalue, expected.at("pvalue").get<double>());
}

INSTANTIATE_TEST_SUITE_P(EverySmallCase, RandomizationGolden, ::testing::ValuesIn(exactCases()), golden::CaseName());

TEST(RandomizationTest, AllZeroDifferencesGivePOne) {
    const std::vector<double> a = {0.1, 0.4, 0.0, 0.7, 0.2, 0.9}, b = a;
    EXPECT_EQ(randomizationTest(a, b).pvalue, 1.0);
}

TEST(RandomizationTest, AboveSixteenUsersUsesTenThousandSeededFlips) {
    const auto& c = golden::pairedCase("ndcg_n300");
    const RandomizationResult r = randomizationTest(c.a, c.b);
    EXPECT_FALSE(r.exact);
    EXPECT_EQ(r.flips, 10'000u);
    EXPECT_EQ(r.pvalue, (1.0 + static_cast<double>(r.countGe)) / 10'001.0);
    // The t-test gives p ≈ 0.00103 on this case; the permutation p is close.
    EXPECT_GT(r.pvalue, 0.0001);
    EXPECT_LT(r.pvalue, 0.005);
}

TEST(RandomizationTest, RandomFlipsAgreeWithExactEnumerationWithinMonteCarloError) {
    // perm_n16: exact p = 40768/65536 ≈ 0.622. Forcing random flips must land
    // within 4 standard errors (sqrt(p(1−p)/B) ≈ 0.0048 for B = 10,000).
    const auto& c = golden::pairedCase("perm_n16");
    RandomizationOptions options;
    options.exactMaxN = 0;
    const RandomizationResult r = randomizationTest(c.a, c.b, options);
    ASSERT_FALSE(r.exact);
    const double exact = 40768.0 / 65536.0;
    EXPECT_NEAR(r.pvalue, exact, 4 * std::sqrt(exact * (1 - exact) / 10'000));
}

TEST(RandomizationTest, RandomFlipsAreBitIdenticalForOneTwoAndEightThreads) {
    const auto& c = golden::pairedCase("ndcg_n5000");
    RandomizationOptions options;
    options.resampling.resamples = 2'000;
    std::vector<RandomizationResult> results;
    for (int threads : {1, 2, 8}) {
        options.resampling.parallelism = Parallelism(threads);
        results.push_back(randomizationTest(c.a, c.b, options));
    }
    for (const auto& r : results) {
        EXPECT_EQ(r.countGe, results[0].countGe);
        EXPECT_TRUE(sameBits(r.pvalue, results[0].pvalue));
    }
}

TEST(RandomizationTest, ExactEnumerationIsTheSameForAnyThreadCount) {
    const auto& c = golden::pairedCase("perm_n16");
    RandomizationOptions options;
    for (int threads : {1, 2, 8}) {
        options.resampling.parallelism = Parallelism(threads);
        EXPECT_EQ(randomizationTest(c.a, c.b, options).countGe, 40768u);
    }
}

TEST(RandomizationTest, TheSeedChoosesTheFlips) {
    const auto& c = golden::pairedCase("hr_n40");
    RandomizationOptions options;
    const auto first = randomizationTest(c.a, c.b, options);
    EXPECT_EQ(randomizationTest(c.a, c.b, options).countGe, first.countGe);
    options.resampling.seed = 7;
    EXPECT_NE(randomizationTest(c.a, c.b, options).countGe, first.countGe);
}

TEST(RandomizationTest, ExactLimitAboveThirtyIsRejected) {
    RandomizationOptions options;
    options.exactMaxN = 31;
    const std::vector<double> d = {0.5, 0.25};
    EXPECT_THROW(randomizationTest(d, options), Error);
}

TEST(RandomizationTest, NoUsersGiveNan) {
    EXPECT_TRUE(std::isnan(randomizationTest(std::vector<double>{}).pvalue));
}

} // namespace
