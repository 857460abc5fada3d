// Paired t-test against scipy.stats.ttest_rel(a, b) on every golden case.
// Tolerance: 1e-9 relative (plus 1e-15 absolute for values that are 0); the
// README reports at most 3e-12 between two correct routes to the t p-value.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/paired_t_test.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::close;
using golden::number;

namespace {

constexpr double kRtol = 1e-9;
constexpr double kAtol = 1e-15;

class PairedTTestGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(PairedTTestGolden, MatchesScipyTtestRel) {
    const auto& c = golden::pairedCase(GetParam());
    const auto& expected = c.json.at("ttest_rel");
    const TTestResult r = pairedTTest(c.a, c.b);
    EXPECT_EQ(r.n, c.a.size());
    EXPECT_EQ(r.df, expected.at("df").get<double>());
    EXPECT_TRUE(close(r.statistic, number(expected, "statistic"), kRtol, kAtol));
    EXPECT_TRUE(close(r.pvalue, number(expected, "pvalue"), kRtol, kAtol));
    EXPECT_TRUE(close(r.standardError, number(expected, "standard_error"), kRtol, kAtol));
    EXPECT_TRUE(close(r.meanDiff, number(c.json.at("summary"), "mean_diff"), kRtol, kAtol));
}

INSTANTIATE_TEST_SUITE_P(EveryCase, PairedTTestGolden, ::testing::ValuesIn(golden::pairedCaseNames()),
                         golden::CaseName());

TEST(PairedTTestTest, AllZeroDifferencesGiveNanStatisticAndP) {
    // scipy: 0/0 with no warning (golden allzero_n10).
    const std::vector<double> a = {0.2, 0.5, 0.0, 1.0}, b = a;
    const TTestResult r = pairedTTest(a, b);
    EXPECT_TRUE(std::isnan(r.statistic));
    EXPECT_TRUE(std::isnan(r.pvalue));
    EXPECT_EQ(r.standardError, 0.0);
    EXPECT_EQ(r.df, 3.0);
}

TEST(PairedTTestTest, ConstantNonzeroDifferenceGivesInfiniteStatisticAndZeroP) {
    // Golden constdiff_n5 (d = 1): statistic +inf, p = 0.
    const std::vector<double> ones(5, 1.0), zeros(5, 0.0);
    const TTestResult r = pairedTTest(ones, zeros);
    EXPECT_EQ(r.statistic, INFINITY);
    EXPECT_EQ(r.pvalue, 0.0);
    const TTestResult negative = pairedTTest(zeros, ones);
    EXPECT_EQ(negative.statistic, -INFINITY);
    EXPECT_EQ(negative.pvalue, 0.0);
}

TEST(PairedTTestTest, ConstantDifferenceWithInexactMeanStillHasZeroSd) {
    // Seven differences of 0.1: a plain sum/7 is 0.09999999999999999, which
    // would leave a tiny nonzero SD and a huge finite t (numpy does this, with
    // a precision-loss warning). Equal values have SD 0 exactly here.
    const std::vector<double> a(7, 0.1), b(7, 0.0);
    const TTestResult r = pairedTTest(a, b);
    EXPECT_EQ(r.meanDiff, 0.1);
    EXPECT_EQ(r.standardError, 0.0);
    EXPECT_EQ(r.statistic, INFINITY);
    EXPECT_EQ(r.pvalue, 0.0);
}

TEST(PairedTTestTest, TwoUsersWithOneZeroDifferenceGiveTOne) {
    // d = (x, 0): mean x/2, sd x/√2, se x/2, t = 1, df = 1, p = 0.5 in exact arithmetic.
    const std::vector<double> a = {0.16104282508920814, 0.0}, b = {0.0, 0.0};
    const TTestResult r = pairedTTest(a, b);
    EXPECT_TRUE(close(r.statistic, 1.0, 1e-15));
    EXPECT_TRUE(close(r.pvalue, 0.5, 1e-12));
    EXPECT_EQ(r.df, 1.0);
}

TEST(PairedTTestTest, FewerThanTwoUsersGiveNan) {
    const std::vector<double> one = {0.5}, other = {0.25};
    EXPECT_TRUE(std::isnan(pairedTTest(one, other).pvalue));
    EXPECT_TRUE(std::isnan(pairedTTest(std::vector<double>{}, std::vector<double>{}).pvalue));
}

TEST(PairedTTestTest, DifferentNumbersOfUsersThrow) {
    const std::vector<double> a = {0.5, 0.1}, b = {0.25};
    EXPECT_THROW(pairedTTest(a, b), Error);
}

} // namespace
