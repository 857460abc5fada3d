// Percentile bootstrap CI of the mean difference against scipy.stats.bootstrap
// (200,000 resamples, percentile method). Our 10,000 resamples with our own
// RNG are a different Monte-Carlo draw, so each bound must land within the
// golden file's suggested_abs_tol_10k: the largest of 0.25·bootstrap SE,
// twice the largest deviation seen over 30 scipy runs with 10,000 resamples,
// and one atom of the 1/n grid of discrete data (1e-12 when degenerate).
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/paired_bootstrap.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::number;
using golden::sameBits;

namespace {

class PairedBootstrapGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(PairedBootstrapGolden, PercentileIntervalWithinScipyMonteCarloTolerance) {
    const auto& c = golden::pairedCase(GetParam());
    const auto& expected = c.json.at("bootstrap").at("percentile");
    const double tolerance = expected.at("suggested_abs_tol_10k").get<double>();
    const BootstrapInterval r = pairedBootstrap(c.a, c.b);
    EXPECT_EQ(r.resamples, 10'000u);
    EXPECT_NEAR(r.lo, number(expected, "lo"), tolerance);
    EXPECT_NEAR(r.hi, number(expected, "hi"), tolerance);
    // The bootstrap SE (a smooth quantity) within 10% of scipy's, or exactly 0.
    const double se = number(expected, "bootstrap_se");
    if (se == 0)
        EXPECT_EQ(r.standardError, 0.0);
    else
        EXPECT_NEAR(r.standardError, se, 0.1 * se);
}

INSTANTIATE_TEST_SUITE_P(EveryCase, PairedBootstrapGolden, ::testing::ValuesIn(golden::pairedCaseNames()),
                         golden::CaseName());

TEST(PairedBootstrapTest, BitIdenticalForOneTwoAndEightThreads) {
    const auto& c = golden::pairedCase("ndcg_n5000");
    ResamplingOptions options;
    options.resamples = 2'000;
    std::vector<BootstrapInterval> results;
    for (int threads : {1, 2, 8}) {
        options.parallelism = Parallelism(threads);
        results.push_back(pairedBootstrap(c.a, c.b, 0.95, options));
    }
    for (const auto& r : results) {
        EXPECT_TRUE(sameBits(r.lo, results[0].lo));
        EXPECT_TRUE(sameBits(r.hi, results[0].hi));
        EXPECT_TRUE(sameBits(r.standardError, results[0].standardError));
    }
}

TEST(PairedBootstrapTest, ConstantDifferencesGiveAPointInterval) {
    // scipy: (0, 0) for allzero_n10 and (1, 1) for constdiff_n5, SE 0.
    const std::vector<double> ones(5, 1.0), zeros(5, 0.0);
    const BootstrapInterval r = pairedBootstrap(ones, zeros);
    EXPECT_EQ(r.lo, 1.0);
    EXPECT_EQ(r.hi, 1.0);
    EXPECT_EQ(r.standardError, 0.0);
}

TEST(PairedBootstrapTest, TwoUsersSpanTheirTwoDifferences) {
    // Resampled means are d1, d2 (each with probability 1/4) or their mean:
    // the 2.5% and 97.5% points are min d and max d (golden edge_n2).
    const std::vector<double> a = {0.7, 0.2}, b = {0.1, 0.5};
    const BootstrapInterval r = pairedBootstrap(a, b);
    EXPECT_EQ(r.lo, 0.2 - 0.5);
    EXPECT_EQ(r.hi, 0.7 - 0.1);
}

TEST(PairedBootstrapTest, TheSeedChoosesTheResamples) {
    const auto& c = golden::pairedCase("ndcg_n300");
    ResamplingOptions options;
    const BootstrapInterval first = pairedBootstrap(c.a, c.b, 0.95, options);
    EXPECT_TRUE(sameBits(pairedBootstrap(c.a, c.b, 0.95, options).lo, first.lo));
    options.seed = 7;
    EXPECT_FALSE(sameBits(pairedBootstrap(c.a, c.b, 0.95, options).standardError, first.standardError));
}

TEST(PairedBootstrapTest, WiderLevelGivesWiderInterval) {
    const auto& c = golden::pairedCase("ndcg_n300");
    const BootstrapInterval ninety = pairedBootstrap(c.a, c.b, 0.90);
    const BootstrapInterval ninetyNine = pairedBootstrap(c.a, c.b, 0.99);
    EXPECT_LT(ninetyNine.lo, ninety.lo);
    EXPECT_GT(ninetyNine.hi, ninety.hi);
}

TEST(PairedBootstrapTest, DifferentNumbersOfUsersThrow) {
    const std::vector<double> a = {0.5, 0.1}, b = {0.25};
    EXPECT_THROW(pairedBootstrap(a, b), Error);
}

} // namespace
