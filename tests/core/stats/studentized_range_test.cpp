// The studentized range distribution against scipy.stats.studentized_range
// (golden numbers) and the Nemenyi q_α against Demšar's published table.
#include <cmath>

#include <boost/math/distributions/students_t.hpp>
#include <gtest/gtest.h>

#include "stats/friedman.h"
#include "stats/studentized_range.h"
#include "study_golden.h"

using namespace ranklab::stats;

namespace {

// The promised accuracy: `tolerance` relative above 1e-8, 1e-3 relative below.
void expectRelative(double actual, double expected, double tolerance, const std::string& what) {
    const double relative = std::fabs(expected) < 1e-8 ? 1e-3 : tolerance;
    EXPECT_NEAR(actual, expected, relative * std::fabs(expected) + 1e-300) << what;
}

TEST(StudentizedRange, UpperTailEqualsScipyForFiniteDf) {
    const auto golden = study::load("studentized_range.json");
    for (const auto& c : golden.at("sf")) {
        const double q = c.at("q"), df = c.at("df"), sf = c.at("sf");
        const int k = c.at("k");
        const std::string what = "q=" + std::to_string(q) + " k=" + std::to_string(k) + " df=" + std::to_string(df);
        if (sf < 1e-10) {
            // scipy's far tail is not reliable here (see the k = 2 test
            // below: 1.6e-13 where the exact value is 7.7e-17): only "tiny".
            const double p = studentizedRangeSf(q, k, df);
            EXPECT_GE(p, 0.0) << what;
            EXPECT_LT(p, 1e-10) << what;
            continue;
        }
        expectRelative(studentizedRangeSf(q, k, df), sf, 1e-7, what);
    }
}

TEST(StudentizedRange, UpperTailEqualsScipyForInfiniteDf) {
    const auto golden = study::load("studentized_range.json");
    for (const auto& c : golden.at("sf_infinite_df")) {
        const double q = c.at("q"), sf = c.at("sf");
        const int k = c.at("k");
        expectRelative(studentizedRangeSf(q, k, kInfiniteDf), sf, 1e-7,
                       "q=" + std::to_string(q) + " k=" + std::to_string(k));
    }
}

TEST(StudentizedRange, QuantileEqualsScipy) {
    const auto golden = study::load("studentized_range.json");
    for (const auto& c : golden.at("quantile")) {
        const double p = c.at("p"), df = c.at("df"), q = c.at("q");
        const int k = c.at("k");
        expectRelative(studentizedRangeQuantile(p, k, df), q, 1e-8, "k=" + std::to_string(k) + " df=" + std::to_string(df));
    }
}

TEST(StudentizedRange, TwoGroupsAreTheAbsoluteNormalDifference) {
    // k = 2, df = ∞: the range of two standard normals is |Z1 − Z2| = √2 |Z|.
    for (double q : {0.3, 1.0, 2.5, 5.0, 9.0}) {
        const double expected = std::erfc(q / std::sqrt(2.0) / std::sqrt(2.0));
        expectRelative(studentizedRangeSf(q, 2, kInfiniteDf), expected, 1e-7, "q=" + std::to_string(q));
    }
}

TEST(StudentizedRange, TwoGroupsAtFiniteDfAreTheTwoSidedStudentTTail) {
    // k = 2: Q = |Z1 − Z2| / S = √2 |T| with T ~ t_df, so P(Q ≥ q) =
    // 2 P(T ≥ q/√2): Boost's Student t, independent of the integrals, into
    // the far tail where scipy's studentized range is off.
    for (double df : {2.0, 3.0, 5.0, 10.0, 40.0, 120.0, 1000.0, 1e5, 1e7})
        for (double q : {0.1, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0}) {
            const boost::math::students_t t(df);
            const double exact = 2 * boost::math::cdf(boost::math::complement(t, q / std::sqrt(2.0)));
            const double tolerance = exact >= 1e-13 ? 2e-6 : 1e-3;
            EXPECT_NEAR(studentizedRangeSf(q, 2, df), exact, tolerance * exact)
                << "q=" << q << " df=" << df;
        }
}

TEST(StudentizedRange, CdfAndSfAddUpAndEdgesAreDefined) {
    EXPECT_NEAR(studentizedRangeCdf(3.0, 4, 20) + studentizedRangeSf(3.0, 4, 20), 1.0, 1e-15);
    EXPECT_EQ(studentizedRangeSf(0.0, 4, 20), 1.0);
    EXPECT_EQ(studentizedRangeSf(INFINITY, 4, 20), 0.0);
    EXPECT_TRUE(std::isnan(studentizedRangeSf(NAN, 4, 20)));
    EXPECT_TRUE(std::isnan(studentizedRangeSf(1.0, 1, 20)));
    EXPECT_TRUE(std::isnan(studentizedRangeQuantile(1.0, 4, 20)));
}

TEST(Nemenyi, QAlphaEqualsDemsarsTable) {
    // Demšar (2006), Table 5(a): q_0.05 for k = 2 .. 10, to the table's last (third) decimal.
    const double table[] = {1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164};
    for (std::size_t k = 2; k <= 10; ++k) EXPECT_NEAR(nemenyiQAlpha(k, 0.05), table[k - 2], 1e-3) << "k=" << k;
    // Table 5(b), alpha = 0.10.
    const double table10[] = {1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920};
    for (std::size_t k = 2; k <= 10; ++k) EXPECT_NEAR(nemenyiQAlpha(k, 0.10), table10[k - 2], 1e-3) << "k=" << k;
}

} // namespace
