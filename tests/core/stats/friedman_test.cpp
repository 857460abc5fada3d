// The Friedman test against scipy's friedmanchisquare (tie-corrected) and the
// average ranks on the golden data sets; the Nemenyi critical difference from
// Demšar's formula with his table's q_α; a hand-computed tiny case.
#include <cmath>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/friedman.h"
#include "study_golden.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

std::vector<std::span<const double>> spans(const std::vector<std::vector<double>>& models) {
    return {models.begin(), models.end()};
}

TEST(Friedman, EqualsScipyFriedmanchisquareWithTies) {
    const auto golden = study::load("many_models.json");
    for (const auto& set : golden.at("sets")) {
        const auto models = set.at("models").get<std::vector<std::vector<double>>>();
        const FriedmanResult r = friedmanTest(spans(models));
        const auto& f = set.at("friedman");
        const std::string name = set.at("name");
        EXPECT_NEAR(r.statistic, f.at("statistic").get<double>(), 1e-10 * f.at("statistic").get<double>()) << name;
        EXPECT_NEAR(r.pvalue, f.at("p").get<double>(), 1e-10 * f.at("p").get<double>() + 1e-15) << name;
        const auto ranks = f.at("average_ranks").get<std::vector<double>>();
        ASSERT_EQ(r.averageRanks.size(), ranks.size());
        for (std::size_t j = 0; j < ranks.size(); ++j) EXPECT_NEAR(r.averageRanks[j], ranks[j], 1e-12) << name;
    }
}

TEST(Friedman, NemenyiCriticalDifferenceIsDemsarsFormulaWithTheTableQ) {
    // k = 4 models, n = 12 users: CD = 2.569 · sqrt(4·5 / (6·12)).
    const auto golden = study::load("many_models.json");
    const auto models = golden.at("sets")[0].at("models").get<std::vector<std::vector<double>>>();
    ASSERT_EQ(models.size(), 4u);
    ASSERT_EQ(models[0].size(), 12u);
    const FriedmanResult r = friedmanTest(spans(models));
    EXPECT_NEAR(r.criticalDifference, 2.569 * std::sqrt(20.0 / 72.0), 1e-3 * std::sqrt(20.0 / 72.0));
}

TEST(Friedman, HandComputedThreeUsersThreeModels) {
    // Users rank (A, B, C) as (1, 2, 3), (1, 3, 2), (1.5, 1.5, 3): rank sums 3.5, 6.5, 8.
    // χ² = 12/(3·3·4)·(3.5² + 6.5² + 8²) − 3·3·4 = 3.5; ties: 1 − (2³ − 2)/(3·3·8) = 1 − 6/72.
    const std::vector<std::vector<double>> models{{0.9, 0.8, 0.5}, {0.5, 0.1, 0.5}, {0.1, 0.3, 0.2}};
    const FriedmanResult r = friedmanTest(spans(models));
    const double chi2 = 12.0 / 36.0 * (3.5 * 3.5 + 6.5 * 6.5 + 8.0 * 8.0) - 36.0;
    EXPECT_NEAR(r.statistic, chi2 / (1.0 - 6.0 / 72.0), 1e-12);
    EXPECT_NEAR(r.pvalue, std::exp(-r.statistic / 2), 1e-12);  // χ² with 2 df
    EXPECT_NEAR(r.averageRanks[0], 3.5 / 3, 1e-15);
    EXPECT_NEAR(r.averageRanks[2], 8.0 / 3, 1e-15);
    // Nemenyi p of A vs C from the studentized range at df = ∞, k = 3.
    EXPECT_LT(nemenyiPValue(r.averageRanks[2] - r.averageRanks[0], 3, 3), 0.2);
    EXPECT_NEAR(nemenyiPValue(0.0, 3, 3), 1.0, 1e-15);
}

TEST(Friedman, RefusesDifferentUsersAndSingleModel) {
    const std::vector<std::vector<double>> ragged{{1, 2}, {1}};
    EXPECT_THROW(friedmanTest(spans(ragged)), Error);
    const std::vector<std::vector<double>> one{{1, 2}};
    EXPECT_THROW(friedmanTest(spans(one)), Error);
}

} // namespace
