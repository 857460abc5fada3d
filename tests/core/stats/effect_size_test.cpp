// Cohen's d_z and wins/ties/losses against every golden case (d_z to 1e-9
// relative; NaN for 0/0 and +inf for x/0 exactly; counts exactly).
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/effect_size.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::close;
using golden::number;

namespace {

class EffectSizeGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(EffectSizeGolden, CohensDzMatchesReference) {
    const auto& c = golden::pairedCase(GetParam());
    EXPECT_TRUE(close(cohensDz(c.a, c.b), number(c.json, "cohens_dz"), 1e-9, 1e-15));
}

TEST_P(EffectSizeGolden, WinsTiesLossesMatchReference) {
    const auto& c = golden::pairedCase(GetParam());
    const auto& expected = c.json.at("wins_ties_losses");
    const WinsTiesLosses w = winsTiesLosses(c.a, c.b);
    EXPECT_EQ(w.wins, expected.at("wins").get<std::size_t>());
    EXPECT_EQ(w.ties, expected.at("ties").get<std::size_t>());
    EXPECT_EQ(w.losses, expected.at("losses").get<std::size_t>());
    EXPECT_EQ(w.ties, c.json.at("summary").at("n_zero_diff").get<std::size_t>());
}

INSTANTIATE_TEST_SUITE_P(EveryCase, EffectSizeGolden, ::testing::ValuesIn(golden::pairedCaseNames()),
                         golden::CaseName());

TEST(EffectSizeTest, NoDifferenceIsNanAndConstantDifferenceIsInfinite) {
    const std::vector<double> ones(4, 1.0), zeros(4, 0.0);
    EXPECT_TRUE(std::isnan(cohensDz(ones, ones)));
    EXPECT_EQ(cohensDz(ones, zeros), INFINITY);
    EXPECT_EQ(cohensDz(zeros, ones), -INFINITY);
}

TEST(EffectSizeTest, HandComputedExample) {
    // d = (1, 2, 3): mean 2, sd 1, d_z = 2; A wins all three.
    const std::vector<double> a = {1, 2, 3}, b = {0, 0, 0};
    EXPECT_DOUBLE_EQ(cohensDz(a, b), 2.0);
    const WinsTiesLosses w = winsTiesLosses(a, b);
    EXPECT_EQ(w.wins, 3u);
    EXPECT_EQ(w.ties, 0u);
    EXPECT_EQ(w.losses, 0u);
}

TEST(EffectSizeTest, DifferentNumbersOfUsersThrow) {
    const std::vector<double> a = {0.5, 0.1}, b = {0.25};
    EXPECT_THROW(winsTiesLosses(a, b), Error);
    EXPECT_THROW(cohensDz(a, b), Error);
}

} // namespace
