// Mean, SD and Student's t confidence intervals against the golden cases
// (numpy mean/std(ddof=1) and scipy t.ppf(0.975, n−1)). Mean and SD to 1e-9
// relative. The t quantile, however, is off in scipy 1.10 by up to 4.1e-9
// relative (df = 39; see DistributionsTest.StudentTQuantileIsTheTrueValue:
// Boost gives the true value), so t_crit and the half-width are compared to
// 5e-9 relative and the bounds to 1e-9 relative plus 5e-9 of the half-width.
#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/mean_ci.h"
#include "stats/moments.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::close;
using golden::number;

namespace {

constexpr double kRtol = 1e-9;
constexpr double kAtol = 1e-15;
constexpr double kScipyTQuantileRtol = 5e-9;

void expectInterval(const TInterval& t, const Moments& m, const nlohmann::json& expected) {
    EXPECT_TRUE(close(m.mean, number(expected, "mean"), kRtol, kAtol));
    EXPECT_TRUE(close(m.sd, number(expected, "sd"), kRtol, kAtol));
    EXPECT_EQ(t.df, expected.at("df").get<double>());
    const double halfWidth = number(expected, "half_width");
    EXPECT_TRUE(close(t.tCritical, number(expected, "t_crit"), kScipyTQuantileRtol));
    EXPECT_TRUE(close(t.halfWidth, halfWidth, kScipyTQuantileRtol, kAtol));
    EXPECT_TRUE(close(t.lo, number(expected, "lo"), kRtol, kAtol + kScipyTQuantileRtol * halfWidth));
    EXPECT_TRUE(close(t.hi, number(expected, "hi"), kRtol, kAtol + kScipyTQuantileRtol * halfWidth));
}

class MeanCiGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(MeanCiGolden, TIntervalOfMeanAMatchesScipy) {
    const auto& c = golden::pairedCase(GetParam());
    const MeanCi ci = meanCi(c.a, {.bootstrap = false});
    EXPECT_FALSE(ci.bootstrap.has_value());
    expectInterval(ci.t, ci.moments, c.json.at("ci95_mean_a"));
}

TEST_P(MeanCiGolden, TIntervalOfMeanDifferenceMatchesScipy) {
    const auto& c = golden::pairedCase(GetParam());
    const auto d = differences(c.a, c.b);
    const MeanCi ci = meanCi(d, {.bootstrap = false});
    expectInterval(ci.t, ci.moments, c.json.at("ci95_mean_diff"));
}

TEST_P(MeanCiGolden, MomentsMatchNumpy) {
    const auto& c = golden::pairedCase(GetParam());
    const auto& s = c.json.at("summary");
    const Moments a = moments(c.a), b = moments(c.b), d = moments(differences(c.a, c.b));
    EXPECT_TRUE(close(a.mean, number(s, "mean_a"), kRtol, kAtol));
    EXPECT_TRUE(close(b.mean, number(s, "mean_b"), kRtol, kAtol));
    EXPECT_TRUE(close(a.sd, number(s, "sd_a"), kRtol, kAtol));
    EXPECT_TRUE(close(b.sd, number(s, "sd_b"), kRtol, kAtol));
    EXPECT_TRUE(close(d.mean, number(s, "mean_diff"), kRtol, kAtol));
    EXPECT_TRUE(close(d.sd, number(s, "sd_diff"), kRtol, kAtol));
}

INSTANTIATE_TEST_SUITE_P(EveryCase, MeanCiGolden, ::testing::ValuesIn(golden::pairedCaseNames()),
                         golden::CaseName());

TEST(MeanCiTest, NinetyPercentLevelUsesTheNinetyFifthPercentile) {
    // Two values 0 and 1: mean 0.5, sd 1/√2, se 0.5; t_{0.95, 1} =
    // 6.313751514675043 (tan(0.45π), the Cauchy quantile).
    const std::vector<double> x = {0.0, 1.0};
    const MeanCi ci = meanCi(x, {.level = 0.90, .bootstrap = false});
    EXPECT_TRUE(close(ci.t.tCritical, std::tan(0.45 * std::numbers::pi), 1e-12));
    EXPECT_TRUE(close(ci.t.halfWidth, 0.5 * std::tan(0.45 * std::numbers::pi), 1e-12));
}

TEST(MeanCiTest, BootstrapIntervalIsIncludedByDefault) {
    const auto& c = golden::pairedCase("ndcg_n300");
    const MeanCi ci = meanCi(c.a);
    ASSERT_TRUE(ci.bootstrap.has_value());
    EXPECT_EQ(ci.bootstrap->resamples, 10'000u);
    // Close to the t interval for 300 users: within a fifth of its half-width.
    EXPECT_NEAR(ci.bootstrap->lo, ci.t.lo, 0.2 * ci.t.halfWidth);
    EXPECT_NEAR(ci.bootstrap->hi, ci.t.hi, 0.2 * ci.t.halfWidth);
}

TEST(MeanCiTest, OneValueHasAMeanButNoInterval) {
    const std::vector<double> x = {0.25};
    const MeanCi ci = meanCi(x, {.bootstrap = false});
    EXPECT_EQ(ci.moments.mean, 0.25);
    EXPECT_TRUE(std::isnan(ci.moments.sd));
    EXPECT_TRUE(std::isnan(ci.t.lo));
    EXPECT_TRUE(std::isnan(ci.t.hi));
}

TEST(MeanCiTest, LevelOutsideZeroOneThrows) {
    const std::vector<double> x = {0.1, 0.2};
    EXPECT_THROW(meanCi(x, {.level = 1.5}), Error);
}

} // namespace
