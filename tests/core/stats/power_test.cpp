// Power and sample size of the paired t-test against statsmodels'
// TTestPower (golden numbers: tests/data/golden/power.tsv, whose header names
// the calls, and golden/study/ttest_power.json), and the post-hoc power of
// observed differences against its formula from their mean and SD by hand.
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/power.h"
#include "study_golden.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

struct GoldenRow {
    std::string kind;
    double a = 0, b = 0, c = 0, value = 0;
};

std::vector<GoldenRow> goldenRows() {
    std::ifstream in(std::string(RANKLAB_TEST_DATA) + "/golden/power.tsv");
    EXPECT_TRUE(in.good());
    std::vector<GoldenRow> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        GoldenRow r;
        fields >> r.kind >> r.a >> r.b >> r.c >> r.value;
        EXPECT_FALSE(fields.fail()) << line;
        rows.push_back(r);
    }
    return rows;
}

TEST(Power, PowerEqualsStatsmodelsTTestPower) {
    std::size_t checked = 0;
    for (const GoldenRow& r : goldenRows()) {
        if (r.kind != "power") continue;
        // statsmodels' own noncentral t is good to ~1e-9 at noncentrality 0.
        EXPECT_NEAR(pairedTPower(r.a, r.b, r.c), r.value, 1e-8) << "d " << r.a << " n " << r.b << " alpha " << r.c;
        ++checked;
    }
    const auto golden = study::load("ttest_power.json");
    for (const auto& g : golden.at("power")) {
        EXPECT_NEAR(pairedTPower(g.at("effect_size"), g.at("nobs"), g.at("alpha")), g.at("power").get<double>(), 1e-9);
        ++checked;
    }
    EXPECT_GE(checked, 20u);
}

TEST(Power, MinimumDetectableEffectEqualsStatsmodelsSolvePower) {
    std::size_t checked = 0;
    for (const GoldenRow& r : goldenRows()) {
        if (r.kind != "effect") continue;
        // statsmodels' root finder stops early (its own power at its answer is
        // off by up to 2e-6, d by up to 4e-5); ours reaches the power asked for to 1e-9, and the
        // power itself is checked against statsmodels above.
        const double ours = minimumDetectableEffect(r.a, r.b, r.c);
        EXPECT_NEAR(ours, r.value, 1e-4 * r.value) << "n " << r.a;
        EXPECT_NEAR(pairedTPower(ours, r.a, r.b), r.c, 1e-9) << "n " << r.a;
        ++checked;
    }
    const auto golden = study::load("ttest_power.json");
    for (const auto& g : golden.at("effect_size")) {
        const double d = g.at("effect_size");
        const double ours = minimumDetectableEffect(g.at("nobs"), g.at("alpha"), g.at("power"));
        EXPECT_NEAR(ours, d, 1e-4 * d);
        EXPECT_NEAR(pairedTPower(ours, g.at("nobs"), g.at("alpha")), g.at("power").get<double>(), 1e-9);
        ++checked;
    }
    EXPECT_GE(checked, 10u);
}

TEST(Power, UsersNeededEqualStatsmodelsSolvePowerForNobs) {
    std::size_t checked = 0;
    for (const GoldenRow& r : goldenRows()) {
        if (r.kind != "nobs") continue;
        EXPECT_NEAR(usersForPower(r.a, r.b, r.c), r.value, 1e-6 * r.value) << "d " << r.a;
        ++checked;
    }
    const auto golden = study::load("ttest_power.json");
    for (const auto& g : golden.at("nobs")) {
        const double n = g.at("nobs");
        EXPECT_NEAR(usersForPower(g.at("effect_size"), g.at("alpha"), g.at("power")), n, 1e-6 * n);
        ++checked;
    }
    EXPECT_GE(checked, 10u);
}

TEST(Power, TheThreeQuestionsAgreeWithEachOther) {
    // The users needed for the MDD at n are n; the power there is the power asked for.
    const double d = minimumDetectableEffect(500, 0.05, 0.8);
    EXPECT_NEAR(usersForPower(d, 0.05, 0.8), 500, 1e-6);
    EXPECT_NEAR(pairedTPower(d, 500, 0.05), 0.8, 1e-10);
    EXPECT_NEAR(pairedTPower(-d, 500, 0.05), 0.8, 1e-10);  // two-sided: the sign does not matter
}

TEST(Power, ObservedPowerUsesTheDifferencesMeanAndSd) {
    // Differences 0.1, 0.3, −0.1, 0.2, 0.0, 0.4: mean 0.15, Σ(d − 0.15)² = 0.175, sd = sqrt(0.035).
    const std::vector<double> diffs{0.1, 0.3, -0.1, 0.2, 0.0, 0.4};
    const ObservedPower o = observedPower(diffs, 0.05, 0.8);
    EXPECT_EQ(o.n, 6u);
    EXPECT_NEAR(o.mean, 0.15, 1e-15);
    EXPECT_NEAR(o.sd, std::sqrt(0.035), 1e-15);
    EXPECT_NEAR(o.effectSize, 0.15 / std::sqrt(0.035), 1e-14);
    EXPECT_NEAR(o.power, pairedTPower(0.15 / std::sqrt(0.035), 6, 0.05), 1e-14);
    EXPECT_NEAR(o.minimumDetectable, minimumDetectableEffect(6, 0.05, 0.8) * std::sqrt(0.035), 1e-14);
}

// Boost's noncentral t throws once the noncentrality δ²/2 passes 2^31
// (d = 10 with 10^8 users, d = 1 with 2^32). There the power is 1 (δ is
// thousands of standard errors), and with billions of users the t is a
// normal to 1e-12: the MDD's δ = d sqrt(n) solves
// Φ(δ − z) + Φ(−δ − z) = 0.8, z = z_0.975 = 1.959963984540054 (tables),
// solved here by bisection on erfc.
double normalLimitDelta() {
    const double z = 1.959963984540054;
    auto phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
    double lo = 0, hi = 10;
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        (phi(mid - z) + phi(-mid - z) < 0.8 ? lo : hi) = mid;
    }
    return lo;
}

TEST(Power, HugeNoncentralityIsCertainDetectionAndHugeNIsTheNormalLimit) {
    EXPECT_EQ(pairedTPower(10, 1e8, 0.05), 1.0);
    EXPECT_EQ(pairedTPower(1, std::ldexp(1.0, 32), 0.05), 1.0);
    EXPECT_EQ(pairedTPower(0.01, 1e15, 1e-6), 1.0);
    const double delta = normalLimitDelta();
    EXPECT_NEAR(delta, 1.959963984540054 + 0.8416212335729143, 1e-5);  // less the lower tail's Φ(−4.76)
    for (const int e : {33, 40, 53, 62}) {
        const double n = std::ldexp(1.0, e);
        EXPECT_NEAR(minimumDetectableEffect(n, 0.05, 0.8) * std::sqrt(n), delta, 1e-9) << "n = 2^" << e;
    }
    // A tiny effect needs billions of users: the same limit.
    EXPECT_NEAR(usersForPower(1e-5, 0.05, 0.8) * 1e-10 / (delta * delta), 1.0, 1e-9);
}

TEST(Power, RefusesImpossibleQuestions) {
    EXPECT_THROW(pairedTPower(0.5, 1, 0.05), Error);
    EXPECT_THROW(pairedTPower(0.5, 10, 0), Error);
    EXPECT_THROW(minimumDetectableEffect(10, 0.05, 0.04), Error);  // power below alpha
    EXPECT_THROW(usersForPower(0.0, 0.05, 0.8), Error);
    EXPECT_THROW(usersForPower(0.5, 0.05, 1.0), Error);
    EXPECT_THROW(observedPower(std::vector<double>{0.1}, 0.05, 0.8), Error);
    EXPECT_NEAR(pairedTPower(0.0, 10, 0.05), 0.05, 1e-15);
}

} // namespace
