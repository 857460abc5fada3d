// Practical significance: TOST against scipy's one-sided one-sample t-tests
// (golden numbers, tests/data/golden/practical/tost.tsv, whose header names
// the calls) and a hand computation; the equivalence ⟺ (1 − 2α) interval
// inside (−δ, δ) identity; the four classes on constructed differences; the
// rank-biserial correlation against rank sums counted by hand; δ parsing.
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/mean_ci.h"
#include "stats/practical_significance.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

struct GoldenTost {
    std::string name;
    double delta = 0, tLower = 0, pLower = 0, tUpper = 0, pUpper = 0;
    std::vector<double> d;
};

std::vector<GoldenTost> goldenTost() {
    std::ifstream in(std::string(RANKLAB_TEST_DATA) + "/golden/practical/tost.tsv");
    EXPECT_TRUE(in.good());
    std::vector<GoldenTost> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        GoldenTost r;
        std::string list;
        fields >> r.name >> r.delta >> r.tLower >> r.pLower >> r.tUpper >> r.pUpper >> list;
        EXPECT_FALSE(fields.fail()) << line;
        std::istringstream values(list);
        std::string value;
        while (std::getline(values, value, ',')) r.d.push_back(std::stod(value));
        rows.push_back(r);
    }
    return rows;
}

bool near(double actual, double expected, double relative) {
    return std::abs(actual - expected) <= relative * std::abs(expected) + 1e-300;
}

TEST(Tost, EqualsScipyOneSidedTTests) {
    const auto rows = goldenTost();
    ASSERT_GE(rows.size(), 5u);
    for (const auto& r : rows) {
        const TostResult t = tost(std::span<const double>(r.d), r.delta);
        EXPECT_TRUE(near(t.tLower, r.tLower, 1e-12)) << r.name << " " << t.tLower;
        EXPECT_TRUE(near(t.tUpper, r.tUpper, 1e-12)) << r.name << " " << t.tUpper;
        EXPECT_TRUE(near(t.pLower, r.pLower, 1e-9)) << r.name << " " << t.pLower << " vs " << r.pLower;
        EXPECT_TRUE(near(t.pUpper, r.pUpper, 1e-9)) << r.name << " " << t.pUpper << " vs " << r.pUpper;
        EXPECT_EQ(t.pvalue, std::max(t.pLower, t.pUpper)) << r.name;
        EXPECT_EQ(t.df, static_cast<double>(r.d.size() - 1));
    }
}

TEST(Tost, StatisticsEqualAHandComputation) {
    // d = 0.1, 0.3, −0.2, 0.4, 0: mean 0.12, squared deviations sum 0.228,
    // sd = √(0.228/4), se = sd/√5; δ = 0.5.
    const std::vector<double> d{0.1, 0.3, -0.2, 0.4, 0.0};
    const double se = std::sqrt(0.228 / 4) / std::sqrt(5.0);
    const TostResult t = tost(std::span<const double>(d), 0.5);
    EXPECT_NEAR(t.tLower, (0.12 + 0.5) / se, 1e-12);
    EXPECT_NEAR(t.tUpper, (0.12 - 0.5) / se, 1e-12);
    EXPECT_EQ(t.delta, 0.5);
}

TEST(Tost, RejectsExactlyWhenTheNarrowIntervalLiesInsideDelta) {
    const auto rows = goldenTost();
    for (const double alpha : {0.01, 0.05, 0.1, 0.25}) {
        for (const auto& r : rows) {
            for (const double scale : {0.5, 1.0, 2.0, 8.0}) {
                const Moments m = moments(r.d);
                const double delta = r.delta * scale;
                const TInterval ci = tInterval(m, 1 - 2 * alpha);
                const bool inside = ci.lo > -delta && ci.hi < delta;
                EXPECT_EQ(tost(m, delta).pvalue < alpha, inside) << r.name << " alpha " << alpha << " delta " << delta;
            }
        }
    }
}

TEST(Tost, ConstantDifferencesAreKnownExactly) {
    const std::vector<double> inside(10, 0.004), outside(10, 0.02);
    EXPECT_EQ(tost(std::span<const double>(inside), 0.01).pvalue, 0.0);
    EXPECT_EQ(tost(std::span<const double>(outside), 0.01).pvalue, 1.0);
    const std::vector<double> one{0.0};
    EXPECT_TRUE(std::isnan(tost(std::span<const double>(one), 0.01).pvalue));
    EXPECT_THROW(tost(std::span<const double>(inside), 0.0), Error);
    EXPECT_THROW(tost(std::span<const double>(inside), -1.0), Error);
}

// n differences centred on `shift` with spread ±spread, alternating.
Moments alternating(std::size_t n, double shift, double spread) {
    std::vector<double> d;
    for (std::size_t i = 0; i < n; ++i) d.push_back(shift + (i % 2 ? spread : -spread));
    return moments(d);
}

TEST(PracticalClass, FourOutcomesOnConstructedDifferences) {
    const MinEffect delta{0.01, false};
    // Large, clearly positive: better; the same negative: worse.
    EXPECT_EQ(practicalSignificance(alternating(100, 0.05, 0.01), delta, 0.5, 0.05, true).practicalClass,
              PracticalClass::Better);
    EXPECT_EQ(practicalSignificance(alternating(100, -0.05, 0.01), delta, 0.5, 0.05, true).practicalClass,
              PracticalClass::Worse);
    // Significantly nonzero but tiny, many users: equivalent (Lakens' "trivial").
    const auto trivial = practicalSignificance(alternating(100000, 0.002, 0.05), delta, 0.5, 0.05, true);
    EXPECT_LT(trivial.tPvalue, 0.05);
    EXPECT_EQ(trivial.practicalClass, PracticalClass::Equivalent);
    // Centred on 0 with few noisy users: neither test rejects.
    const auto noisy = practicalSignificance(alternating(6, 0.0, 0.3), delta, 0.5, 0.05, true);
    EXPECT_GT(noisy.tPvalue, 0.05);
    EXPECT_GT(noisy.tost.pvalue, 0.05);
    EXPECT_EQ(noisy.practicalClass, PracticalClass::Inconclusive);
}

TEST(PracticalClass, LowerIsBetterTurnsTheDirection) {
    const MinEffect delta{0.01, false};
    EXPECT_EQ(practicalSignificance(alternating(100, -0.05, 0.01), delta, 0.5, 0.05, false).practicalClass,
              PracticalClass::Better);
    EXPECT_EQ(classifyPractical(0.3, 0.001, 0.9, 0.05, false), PracticalClass::Worse);
}

TEST(PracticalClass, EquivalenceWinsOverSignificanceAndNaNRejectsNothing) {
    EXPECT_EQ(classifyPractical(0.001, 1e-9, 0.01, 0.05, true), PracticalClass::Equivalent);
    EXPECT_EQ(classifyPractical(0.001, 1e-9, 0.2, 0.05, true), PracticalClass::Better);
    EXPECT_EQ(classifyPractical(kNaN, kNaN, kNaN, 0.05, true), PracticalClass::Inconclusive);
    EXPECT_EQ(classifyPractical(0.2, 0.06, 0.5, 0.05, true), PracticalClass::Inconclusive);
}

TEST(PracticalSignificance, RelativeDeltaIsAPercentageOfTheBaselineMean) {
    const MinEffect five{5, true};
    EXPECT_DOUBLE_EQ(five.absolute(0.4), 0.02);
    EXPECT_DOUBLE_EQ(five.absolute(-0.4), 0.02);
    const auto p = practicalSignificance(alternating(50, 0.001, 0.01), five, 0.4, 0.05, true);
    EXPECT_DOUBLE_EQ(p.delta, 0.02);
    EXPECT_EQ(p.tost.delta, p.delta);
    // A zero baseline makes a relative δ zero: no equivalence test.
    const auto zero = practicalSignificance(alternating(50, 0.001, 0.01), five, 0.0, 0.05, true);
    EXPECT_TRUE(std::isnan(zero.tost.pvalue));
    EXPECT_EQ(zero.practicalClass, PracticalClass::Inconclusive);
}

TEST(MinEffectParsing, AbsoluteRelativeAndPerMetric) {
    EXPECT_EQ(parseMinEffect("0.01").value, 0.01);
    EXPECT_FALSE(parseMinEffect("0.01").relative);
    EXPECT_EQ(parseMinEffect(" 5% ").value, 5.0);
    EXPECT_TRUE(parseMinEffect("5%").relative);
    for (const char* bad : {"", "%", "abc", "0", "-0.1", "5%%", "0.01x", "inf", "nan"})
        EXPECT_THROW(parseMinEffect(bad), Error) << bad;
    const MinEffects m = parseMinEffects("ndcg@10=0.01,recall@10=2%");
    EXPECT_FALSE(m.all);
    ASSERT_TRUE(m.find("recall@10"));
    EXPECT_TRUE(m.find("recall@10")->relative);
    EXPECT_EQ(m.find("ndcg@10")->value, 0.01);
    EXPECT_FALSE(m.find("map"));
    const MinEffects d = parseMinEffects("1%,ndcg@10=0.02");
    EXPECT_EQ(d.find("map")->value, 1.0);
    EXPECT_EQ(d.find("ndcg@10")->value, 0.02);
    EXPECT_EQ(d.toString(), "1%,ndcg@10=0.02");
    EXPECT_EQ(parseMinEffects(d.toString()).toString(), d.toString());
    for (const char* bad : {"0.01,0.02", "ndcg@10=0.01,ndcg@10=0.02", "=0.1", "ndcg@10=", "0.01,", ""})
        EXPECT_THROW(parseMinEffects(bad), Error) << bad;
}

TEST(RankBiserial, EqualsRankSumsCountedByHand) {
    // d = 1, −2, 3, 0, 4: the zero dropped, ranks of |d| 1, 2, 3, 4;
    // W+ = 1 + 3 + 4 = 8, W− = 2: r = 6/10.
    const std::vector<double> d{1, -2, 3, 0, 4};
    EXPECT_DOUBLE_EQ(rankBiserial(wilcoxon(std::span<const double>(d))), 0.6);
    // Ties: |d| = 1, 1, 2, 3 rank 1.5, 1.5, 3, 4; W+ = 1.5 + 3, W− = 1.5 + 4: r = −1/10.
    const std::vector<double> tied{1, -1, 2, -3};
    EXPECT_DOUBLE_EQ(rankBiserial(wilcoxon(std::span<const double>(tied))), -0.1);
    const std::vector<double> allUp{0.5, 0.1, 0.2};
    EXPECT_DOUBLE_EQ(rankBiserial(wilcoxon(std::span<const double>(allUp))), 1.0);
    const std::vector<double> zeros{0, 0, 0};
    EXPECT_TRUE(std::isnan(rankBiserial(wilcoxon(std::span<const double>(zeros)))));
}

} // namespace
