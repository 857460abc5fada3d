// Multiple-comparison corrections against statsmodels 0.13.5 multipletests on
// every list of multitest.json: adjusted p-values to 1e-12 (relative, 1e-300
// absolute) and reject flags exactly, for Bonferroni, Holm, Benjamini–Hochberg
// (fdr_bh), Šidák and Holm–Šidák.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "stats/corrections.h"
#include "golden_cases.h"

using namespace ranklab::stats;
using golden::close;

namespace {

const nlohmann::json& multitest() {
    static const nlohmann::json json = golden::load("multitest.json");
    return json;
}

std::vector<std::string> listNames() {
    std::vector<std::string> names;
    for (const auto& list : multitest().at("lists")) names.push_back(list.at("name").get<std::string>());
    return names;
}

class CorrectionsGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(CorrectionsGolden, MatchStatsmodelsMultipletests) {
    const double alpha = multitest().at("alpha").get<double>();
    for (const auto& list : multitest().at("lists")) {
        if (list.at("name") != GetParam()) continue;
        // boundary_exact_thresholds puts p exactly on the thresholds: it checks
        // ≤ (not <) and statsmodels' rounding of α/(m−i+1) and (i/m)·α.
        const auto pvalues = list.at("pvals").get<std::vector<double>>();
        for (const auto& method : multitest().at("methods")) {
            const std::string name = method.get<std::string>();
            SCOPED_TRACE(name);
            const auto correction = parseCorrection(name);
            ASSERT_TRUE(correction.has_value());
            const auto& expected = list.at("results").at(name);
            const auto adjusted = expected.at("pvals_corrected").get<std::vector<double>>();
            const auto reject = expected.at("reject").get<std::vector<bool>>();
            const CorrectedPValues r = correctPValues(pvalues, *correction, alpha);
            ASSERT_EQ(r.adjusted.size(), pvalues.size());
            for (std::size_t i = 0; i < pvalues.size(); ++i) {
                EXPECT_TRUE(close(r.adjusted[i], adjusted[i], 1e-12, 1e-300)) << "p[" << i << "] = " << pvalues[i];
                EXPECT_EQ(r.reject[i], reject[i]) << "p[" << i << "] = " << pvalues[i];
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(EveryList, CorrectionsGolden, ::testing::ValuesIn(listNames()),
                         [](const auto& info) { return info.param; });

TEST(CorrectionsTest, HandComputedHolmAndBenjaminiHochberg) {
    // p = (0.01, 0.04, 0.03), m = 3. Holm sorted: 0.01·3 = 0.03, 0.03·2 = 0.06,
    // max(0.06, 0.04·1) = 0.06. BH sorted: 0.04·3/3 = 0.04, min(0.04, 0.03·3/2
    // = 0.045) = 0.04, 0.01·3 = 0.03.
    const std::vector<double> p = {0.01, 0.04, 0.03};
    const auto holm = correctPValues(p, Correction::Holm);
    EXPECT_DOUBLE_EQ(holm.adjusted[0], 0.03);
    EXPECT_DOUBLE_EQ(holm.adjusted[1], 0.06);
    EXPECT_DOUBLE_EQ(holm.adjusted[2], 0.06);
    EXPECT_EQ(holm.reject, (std::vector<bool>{true, false, false}));
    const auto bh = correctPValues(p, Correction::BenjaminiHochberg);
    EXPECT_DOUBLE_EQ(bh.adjusted[0], 0.03);
    EXPECT_DOUBLE_EQ(bh.adjusted[1], 0.04);
    EXPECT_DOUBLE_EQ(bh.adjusted[2], 0.04);
    EXPECT_EQ(bh.reject, (std::vector<bool>{true, true, true}));
}

TEST(CorrectionsTest, NanPValuesStayNanAndAreNotCounted) {
    // An undefined test (e.g. a t-test on identical models) is left out of the
    // family: m = 2 here, as R's p.adjust.
    const std::vector<double> p = {0.02, NAN, 0.01};
    const auto r = correctPValues(p, Correction::Bonferroni);
    EXPECT_DOUBLE_EQ(r.adjusted[0], 0.04);
    EXPECT_TRUE(std::isnan(r.adjusted[1]));
    EXPECT_FALSE(r.reject[1]);
    EXPECT_DOUBLE_EQ(r.adjusted[2], 0.02);
}

TEST(CorrectionsTest, AdjustedValuesAreCappedAtOne) {
    const std::vector<double> p = {0.6, 0.7};
    for (Correction c : {Correction::Bonferroni, Correction::Holm, Correction::BenjaminiHochberg})
        for (double v : correctPValues(p, c).adjusted) EXPECT_LE(v, 1.0);
}

TEST(CorrectionsTest, EmptyFamilyGivesEmptyResult) {
    EXPECT_TRUE(correctPValues(std::vector<double>{}, Correction::Holm).adjusted.empty());
}

TEST(CorrectionsTest, NamesRoundTrip) {
    for (Correction c : {Correction::None, Correction::Bonferroni, Correction::Holm, Correction::BenjaminiHochberg,
                         Correction::Sidak, Correction::HolmSidak})
        EXPECT_EQ(parseCorrection(toString(c)), c);
    EXPECT_EQ(parseCorrection("bh"), Correction::BenjaminiHochberg);
    EXPECT_FALSE(parseCorrection("fdr").has_value());
}

} // namespace
