// Wilcoxon signed-rank test against scipy 1.10.1's scipy.stats.wilcoxon on
// every golden case, for the default call and for zero_method='pratt',
// 'zsplit', correction=True and method='approx'. The method scipy used
// (exact/approx) must match; exact p-values are dyadic rationals and must
// match exactly; approximate ones to 1e-9 relative (the README's plain-Python
// re-implementation agrees to 1e-14).
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/wilcoxon.h"
#include "golden_cases.h"

using namespace ranklab;
using namespace ranklab::stats;
using golden::close;
using golden::number;

namespace {

constexpr double kRtol = 1e-9;

void expectMatchesScipy(const golden::PairedCase& c, const std::string& variant, const WilcoxonOptions& options) {
    SCOPED_TRACE(c.name + " " + variant);
    const auto& expected = c.json.at("wilcoxon").at(variant);
    const WilcoxonResult r = wilcoxon(c.a, c.b, options);
    EXPECT_STREQ(toString(r.methodUsed), expected.at("method_used").get<std::string>().c_str());
    if (!expected.at("error").is_null()) {
        // scipy raised ValueError (every d is zero under 'wilcox'/'pratt').
        EXPECT_FALSE(r.ok());
        EXPECT_TRUE(std::isnan(r.statistic));
        EXPECT_TRUE(std::isnan(r.pvalue));
        return;
    }
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.statistic, number(expected, "statistic"));  // a sum of (half-)integer ranks: exact
    if (r.methodUsed == WilcoxonMethod::Exact)
        EXPECT_EQ(r.pvalue, number(expected, "pvalue"));
    else
        EXPECT_TRUE(close(r.pvalue, number(expected, "pvalue"), kRtol));
    if (expected.contains("zstatistic")) {
        EXPECT_TRUE(close(r.z, number(expected, "zstatistic"), kRtol, 1e-15));
    }
    // scipy's "Sample size too small for normal approximation." warning.
    bool warned = false;
    for (const auto& w : expected.at("warnings"))
        warned = warned || w.get<std::string>().find("Sample size too small") != std::string::npos;
    EXPECT_EQ(r.smallSample, warned);
}

class WilcoxonGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(WilcoxonGolden, DefaultMatchesScipy) {
    expectMatchesScipy(golden::pairedCase(GetParam()), "default", {});
}

TEST_P(WilcoxonGolden, PrattMatchesScipy) {
    expectMatchesScipy(golden::pairedCase(GetParam()), "pratt", {.zeroMethod = ZeroMethod::Pratt});
}

TEST_P(WilcoxonGolden, ZsplitMatchesScipy) {
    expectMatchesScipy(golden::pairedCase(GetParam()), "zsplit", {.zeroMethod = ZeroMethod::Zsplit});
}

TEST_P(WilcoxonGolden, ContinuityCorrectionMatchesScipy) {
    expectMatchesScipy(golden::pairedCase(GetParam()), "correction", {.correction = true});
}

TEST_P(WilcoxonGolden, ForcedApproximationMatchesScipyZ) {
    expectMatchesScipy(golden::pairedCase(GetParam()), "approx_forced", {.method = WilcoxonMethod::Approx});
}

TEST_P(WilcoxonGolden, RankSumsMatchScipyIntermediates) {
    const auto& c = golden::pairedCase(GetParam());
    const auto& info = c.json.at("wilcoxon").at("rank_info");
    const WilcoxonResult zsplit = wilcoxon(c.a, c.b, {.zeroMethod = ZeroMethod::Zsplit});
    EXPECT_EQ(zsplit.zeros, info.at("n_zero").get<std::size_t>());
    EXPECT_EQ(zsplit.rPlus, info.at("r_plus_all").get<double>() + info.at("r_zero_all").get<double>() / 2);
    EXPECT_EQ(zsplit.rMinus, info.at("r_minus_all").get<double>() + info.at("r_zero_all").get<double>() / 2);
    const WilcoxonResult pratt = wilcoxon(c.a, c.b, {.zeroMethod = ZeroMethod::Pratt});
    if (!pratt.ok()) return;  // every d is zero
    EXPECT_EQ(pratt.rPlus, info.at("r_plus_all").get<double>());
    EXPECT_EQ(pratt.rMinus, info.at("r_minus_all").get<double>());
    const WilcoxonResult wilcox = wilcoxon(c.a, c.b);
    EXPECT_EQ(wilcox.count, info.at("n_nonzero").get<std::size_t>());
    EXPECT_EQ(wilcox.rPlus, info.at("r_plus_wilcox").get<double>());
    EXPECT_EQ(wilcox.rMinus, info.at("r_minus_wilcox").get<double>());
}

INSTANTIATE_TEST_SUITE_P(EveryCase, WilcoxonGolden, ::testing::ValuesIn(golden::pairedCaseNames()),
                         golden::CaseName());

TEST(WilcoxonTest, TiesAmongMagnitudesKeepTheExactBranchWithTruncatedRPlus) {
    // exact_ties_n12: |d| has ties, no zero, n ≤ 50: scipy 1.10 stays exact
    // and uses int(r_plus) in the null distribution.
    const auto& c = golden::pairedCase("exact_ties_n12");
    ASSERT_TRUE(c.json.at("wilcoxon").at("exact_with_nonzero_abs_ties").get<bool>());
    const WilcoxonResult r = wilcoxon(c.a, c.b);
    EXPECT_EQ(r.methodUsed, WilcoxonMethod::Exact);
    EXPECT_EQ(std::floor(r.rPlus), c.json.at("wilcoxon").at("rank_info").at("exact_branch_int_r_plus").get<double>());
    EXPECT_EQ(r.pvalue, 0.10986328125);  // 225/2048
}

TEST(WilcoxonTest, FiftyUsersWithoutZerosAreExactFiftyOneApproximate) {
    EXPECT_EQ(wilcoxon(golden::pairedCase("nozero_n50").a, golden::pairedCase("nozero_n50").b).methodUsed,
              WilcoxonMethod::Exact);
    EXPECT_EQ(wilcoxon(golden::pairedCase("nozero_n51").a, golden::pairedCase("nozero_n51").b).methodUsed,
              WilcoxonMethod::Approx);
}

TEST(WilcoxonTest, AZeroDifferenceSwitchesEvenAForcedExactToApproximation) {
    const std::vector<double> d = {0.5, -0.25, 0.0, 0.75, 1.0};
    EXPECT_EQ(wilcoxon(d).methodUsed, WilcoxonMethod::Approx);
    EXPECT_EQ(wilcoxon(d, {.method = WilcoxonMethod::Exact}).methodUsed, WilcoxonMethod::Approx);
    // Without the zero the same call is exact: ranks 1..4, r+ = 2+3+4 = 9 of
    // 10, r− = 1; P(r+ ≤ 1) = 2/16, p = 2·2/16 = 0.25.
    const std::vector<double> noZero = {0.5, -0.25, 0.75, 1.0};
    const WilcoxonResult r = wilcoxon(noZero);
    EXPECT_EQ(r.methodUsed, WilcoxonMethod::Exact);
    EXPECT_EQ(r.statistic, 1.0);
    EXPECT_EQ(r.pvalue, 0.25);
}

TEST(WilcoxonTest, AllZeroDifferencesAreAnErrorExceptUnderZsplit) {
    // scipy raises for 'wilcox' and 'pratt'; 'zsplit' gives T = n(n+1)/4, p = 1.
    const std::vector<double> a = {0.1, 0.4, 0.0, 0.7, 0.2, 0.9, 0.3, 0.5, 0.6, 0.8}, b = a;
    EXPECT_FALSE(wilcoxon(a, b).ok());
    EXPECT_FALSE(wilcoxon(a, b, {.zeroMethod = ZeroMethod::Pratt}).ok());
    const WilcoxonResult zsplit = wilcoxon(a, b, {.zeroMethod = ZeroMethod::Zsplit});
    ASSERT_TRUE(zsplit.ok());
    EXPECT_EQ(zsplit.statistic, 27.5);
    EXPECT_EQ(zsplit.pvalue, 1.0);
}

TEST(WilcoxonTest, SmallestExactPForThreeUsersIsAQuarter) {
    // 2^3 sign patterns; the most extreme two of them give p = 2/8.
    const std::vector<double> d = {0.1, 0.2, 0.3};
    EXPECT_EQ(wilcoxon(d).pvalue, 0.25);
}

TEST(WilcoxonTest, NoUsersIsAnError) {
    EXPECT_FALSE(wilcoxon(std::vector<double>{}).ok());
}

TEST(WilcoxonTest, DifferentNumbersOfUsersThrow) {
    const std::vector<double> a = {0.5, 0.1}, b = {0.25};
    EXPECT_THROW(wilcoxon(a, b), Error);
}

} // namespace
