// Tukey's HSD against statsmodels' pairwise_tukeyhsd on the golden data sets
// (its mean differences and intervals; its p-values and q_crit are read from
// a table, good to about 3 decimals) and against the exact p and q_crit of
// scipy's studentized range for the same q and df.
#include <cmath>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/tukey_hsd.h"
#include "study_golden.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

std::vector<std::span<const double>> spans(const std::vector<std::vector<double>>& groups) {
    return {groups.begin(), groups.end()};
}

TEST(TukeyHsd, EqualsStatsmodelsPairwiseTukeyhsd) {
    const auto golden = study::load("many_models.json");
    for (const auto& set : golden.at("sets")) {
        const auto groups = set.at("models").get<std::vector<std::vector<double>>>();
        const auto g = spans(groups);
        const TukeyResult r = tukeyHsd(g, 0.05);
        const auto& t = set.at("tukey");
        const std::string name = set.at("name");
        EXPECT_DOUBLE_EQ(r.df, t.at("df").get<double>()) << name;
        EXPECT_NEAR(r.qCritical, t.at("q_crit_exact").get<double>(), 1e-8) << name;
        EXPECT_NEAR(r.qCritical, t.at("q_crit_statsmodels").get<double>(), 5e-3) << name;
        ASSERT_EQ(r.pairs.size(), t.at("pairs").size()) << name;
        for (std::size_t p = 0; p < r.pairs.size(); ++p) {
            const auto& e = t.at("pairs")[p];
            const auto& mine = r.pairs[p];
            ASSERT_EQ(mine.i, e.at("i").get<std::size_t>());
            ASSERT_EQ(mine.j, e.at("j").get<std::size_t>());
            // statsmodels reports mean_j − mean_i.
            EXPECT_NEAR(-mine.meanDiff, e.at("meandiff").get<double>(), 1e-12) << name;
            EXPECT_NEAR(mine.q, e.at("q").get<double>(), 1e-9) << name;
            EXPECT_NEAR(mine.pAdjusted, e.at("p_adj_exact").get<double>(), 1e-8 * e.at("p_adj_exact").get<double>() + 1e-12)
                << name << " pair " << p;
            EXPECT_NEAR(mine.pAdjusted, e.at("p_adj").get<double>(), 5e-3) << name << " pair " << p;
            // The interval of −(m_i − m_j), statsmodels' with its table q_crit.
            const double half = (mine.hi - mine.lo) / 2;
            const double smHalf = (e.at("upper").get<double>() - e.at("lower").get<double>()) / 2;
            EXPECT_NEAR(half, smHalf, 2e-3 * smHalf) << name;
            EXPECT_NEAR(-(mine.lo + mine.hi) / 2, e.at("meandiff").get<double>(), 1e-12) << name;
            EXPECT_EQ(mine.reject, e.at("reject").get<bool>()) << name << " pair " << p;
        }
    }
}

TEST(TukeyHsd, PooledVarianceIsTheHandComputedWithinGroupMeanSquare) {
    // Groups {1,2,3}, {2,4,6}, {0,0,3}: means 2, 4, 1; squares 2 + 8 + 6 = 16 over 9 − 3 = 6 df.
    const std::vector<std::vector<double>> groups{{1, 2, 3}, {2, 4, 6}, {0, 0, 3}};
    const auto g = spans(groups);
    const TukeyResult r = tukeyHsd(g);
    EXPECT_DOUBLE_EQ(r.mse, 16.0 / 6.0);
    EXPECT_DOUBLE_EQ(r.df, 6.0);
    const TukeyPair* p = r.find(1, 2);
    ASSERT_NE(p, nullptr);
    EXPECT_DOUBLE_EQ(p->meanDiff, 3.0);
    EXPECT_NEAR(p->q, 3.0 / std::sqrt(16.0 / 6.0 / 3.0), 1e-12);
    EXPECT_NEAR(r.maxQ, p->q, 1e-12);  // the widest pair
}

TEST(TukeyHsd, RefusesFewerThanTwoGroupsAndEmptyGroups) {
    const std::vector<std::vector<double>> one{{1, 2}};
    EXPECT_THROW(tukeyHsd(spans(one)), Error);
    const std::vector<std::vector<double>> empty{{1, 2}, {}};
    EXPECT_THROW(tukeyHsd(spans(empty)), Error);
}

} // namespace
