// ranklab-cli power: the minimum detectable difference and the users needed
// equal statsmodels' TTestPower (golden numbers, tests/data/golden/power.tsv)
// scaled by --sd; from qrels and runs the observed n, mean difference and SD
// are compare's; bad questions are refused with a message.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/cli_fixture.h"
#include "stats/power.h"

namespace ranklab::testing {
namespace {

const std::string kInputs = std::string(" -q '") + RANKLAB_TEST_DATA "/compare/qrels.txt' -r weak='" +
                            RANKLAB_TEST_DATA "/compare/weak.trec' -r strong='" + RANKLAB_TEST_DATA +
                            "/compare/strong.trec'";

class PowerCliTest : public CliFixture {
protected:
    nlohmann::json json(const std::string& args) const {
        const CliResult r = run("power " + args + " --format json");
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return nlohmann::json::parse(r.out);
    }
};

TEST_F(PowerCliTest, MinimumDetectableDifferenceIsStatsmodelsEffectSizeTimesSd) {
    // statsmodels: TTestPower().power(effect_size=0.1, nobs=1000, alpha=0.05) = 0.88478909889071389, so at
    // that power 1000 users detect d = 0.1: with SD 2, a difference of 0.2. (The power is the exact side of
    // statsmodels: its solve_power stops about 5e-7 short.)
    const auto j = json("--n 1000 --sd 2 --power 0.88478909889071389");
    ASSERT_EQ(j.at("rows").size(), 1u);
    const auto& row = j.at("rows")[0];
    EXPECT_NEAR(row.at("mdd_effect_size").get<double>(), 0.1, 1e-8);
    EXPECT_NEAR(row.at("mdd").get<double>(), 0.2, 2e-8);
    EXPECT_EQ(j.at("alpha").get<double>(), 0.05);
    EXPECT_EQ(j.at("test"), "paired-t");
    // solve_power(nobs=1000, alpha=0.05, power=0.8) = 0.088679125302053879, to its solver's precision.
    EXPECT_NEAR(json("--n 1000 --sd 1").at("rows")[0].at("mdd").get<double>(), 0.088679125302053879, 1e-6);
}

TEST_F(PowerCliTest, UsersNeededAreStatsmodelsNobsRoundedUp) {
    // statsmodels: solve_power(effect_size=0.2, alpha=0.05, power=0.8) = 198.15082095521646 (δ 0.1 / sd 0.5).
    const auto j = json("--sd 0.5 --min-effect 0.1");
    const auto& row = j.at("rows")[0];
    EXPECT_NEAR(row.at("users_needed_exact").get<double>(), 198.15082095521646, 1e-5);
    EXPECT_TRUE(row.at("users_needed").is_number_integer());
    EXPECT_EQ(row.at("users_needed").get<int>(), 199);
    EXPECT_TRUE(row.at("mdd").is_null());  // no --n
    // With --n as well: the power at δ, statsmodels' power(0.2, 50, 0.05) = 0.28359241553232412.
    const auto both = json("--sd 0.5 --min-effect 0.1 --n 50 --alpha 0.05");
    EXPECT_NEAR(both.at("rows")[0].at("power_at_min_effect").get<double>(), 0.28359241553232412, 1e-8);
    // The text form says the same.
    const CliResult text = run("power --sd 0.5 --min-effect 0.1");
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("users needed for delta = 0.1  199"), std::string::npos) << text.out;
}

TEST_F(PowerCliTest, FromRunsTheObservedDifferencesAreCompares) {
    const auto j = json(kInputs + " --metrics ndcg --cutoffs 10 --min-effect 0.02");
    ASSERT_EQ(j.at("rows").size(), 1u);
    const auto& row = j.at("rows")[0];
    EXPECT_EQ(row.at("model"), "strong");
    EXPECT_EQ(row.at("baseline"), "weak");
    EXPECT_EQ(row.at("metric"), "ndcg@10");
    const CliResult c = run("compare" + kInputs + " --metrics ndcg --cutoffs 10 --baseline weak --format json");
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto pair = nlohmann::json::parse(c.out).at("pairs")[0];
    ASSERT_EQ(pair.at("a"), "strong");
    const double n = pair.at("n").get<double>();
    const double mean = pair.at("mean_diff").get<double>();
    const double sd = mean / pair.at("effect_size").get<double>();
    EXPECT_EQ(row.at("n").get<double>(), n);
    EXPECT_NEAR(row.at("mean_diff").get<double>(), mean, 1e-12);
    EXPECT_NEAR(row.at("sd").get<double>(), sd, 1e-9 * sd);
    EXPECT_NEAR(row.at("observed_power").get<double>(), stats::pairedTPower(mean / sd, n, 0.05), 1e-9);
    EXPECT_NEAR(row.at("mdd").get<double>(), stats::minimumDetectableEffect(n, 0.05, 0.8) * sd, 1e-9 * sd);
    EXPECT_NEAR(row.at("users_needed_exact").get<double>(), stats::usersForPower(0.02 / sd, 0.05, 0.8), 1e-6);
    // --n and --sd override what was observed.
    const auto over = json(kInputs + " --metrics ndcg --cutoffs 10 --n 5000 --sd 0.3");
    EXPECT_EQ(over.at("rows")[0].at("n").get<double>(), 5000);
    EXPECT_NEAR(over.at("rows")[0].at("mdd").get<double>(), stats::minimumDetectableEffect(5000, 0.05, 0.8) * 0.3,
                1e-12);
}

TEST_F(PowerCliTest, SimulatedPowerOfTheResamplingTestsIsReproducible) {
    const std::string args = kInputs +
                             " --metrics ndcg --cutoffs 10 --min-effect 0.05 --simulate randomization,bootstrap "
                             "--simulations 200 --resamples 200 --seed 7";
    const auto j = json(args);
    const auto& sim = j.at("rows")[0].at("simulated");
    for (const char* test : {"randomization", "bootstrap"}) {
        const double p = sim.at(test).at("power").get<double>();
        EXPECT_GE(p, 0.0);
        EXPECT_LE(p, 1.0);
        EXPECT_EQ(sim.at(test).at("simulations").get<int>(), 200);
        EXPECT_NEAR(sim.at(test).at("standard_error").get<double>(), std::sqrt(p * (1 - p) / 200), 1e-12);
        // A fraction of 200 data sets.
        EXPECT_NEAR(p * 200, std::round(p * 200), 1e-9);
    }
    EXPECT_EQ(json(args).at("rows")[0].at("simulated"), sim);  // the same seed, the same numbers
    const CliResult noEffect = run("power" + kInputs + " --simulate bootstrap");
    EXPECT_EQ(noEffect.exitCode, 1);
    EXPECT_NE(noEffect.err.find("--simulate estimates the power at --min-effect"), std::string::npos) << noEffect.err;
    const CliResult unknown = run("power" + kInputs + " --min-effect 0.1 --simulate t");
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_NE(unknown.err.find("--simulate 't': expected randomization, bootstrap"), std::string::npos) << unknown.err;
}

// Boost's noncentral t throws past a noncentrality of 2^31 (it was an
// "internal error" from n = 2^32 users on). With that many users the t is a
// normal to 1e-12: the MDD's δ = d sqrt(n) solves Φ(δ − z) + Φ(−δ − z) =
// 0.8, z = z_0.975 = 1.959963984540054 (tables), solved by bisection here.
TEST_F(PowerCliTest, BillionsOfUsersAreComputed) {
    const double z = 1.959963984540054;
    auto phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
    double lo = 0, hi = 10;
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        (phi(mid - z) + phi(-mid - z) < 0.8 ? lo : hi) = mid;
    }
    for (const double n : {std::ldexp(1.0, 40), std::ldexp(1.0, 53)}) {
        char args[128];
        std::snprintf(args, sizeof args, "--n %.0f --sd 1 --min-effect 0.1", n);
        const auto row = json(args).at("rows")[0];
        EXPECT_NEAR(row.at("mdd_effect_size").get<double>() * std::sqrt(n), lo, 1e-9) << args;
        EXPECT_EQ(row.at("n").get<std::uint64_t>(), std::uint64_t(n));
        // δ sqrt(n) >= 10^5 standard errors: certain detection.
        EXPECT_EQ(row.at("power_at_min_effect").get<double>(), 1.0) << args;
    }
}

TEST_F(PowerCliTest, BadQuestionsAreRefused) {
    const CliResult noSd = run("power --n 100");
    EXPECT_EQ(noSd.exitCode, 1);
    EXPECT_NE(noSd.err.find("power needs --sd"), std::string::npos) << noSd.err;
    const CliResult nothing = run("power --sd 0.2");
    EXPECT_EQ(nothing.exitCode, 1);
    EXPECT_NE(nothing.err.find("--n"), std::string::npos) << nothing.err;
    const CliResult low = run("power --sd 0.2 --n 100 --power 0.01");
    EXPECT_EQ(low.exitCode, 1);
    EXPECT_NE(low.err.find("--power must lie strictly between --alpha and 1"), std::string::npos) << low.err;
    const CliResult one = run("power --sd 0.2 --n 1");
    EXPECT_EQ(one.exitCode, 1);
    EXPECT_NE(one.err.find("--n must be at least 2"), std::string::npos) << one.err;
    // Past 2^53 a count is not exact in a double: a range error naming the option and the range.
    const CliResult huge = run("power --sd 0.2 --n 4611686018427387904");  // 2^62
    EXPECT_EQ(huge.exitCode, 1);
    EXPECT_NE(huge.err.find("error: --n must lie between 2 and 9007199254740992 (2^53) users, got "
                            "4611686018427387904"),
              std::string::npos)
        << huge.err;
    const CliResult baseline = run("power" + kInputs + " --baseline nope");
    EXPECT_EQ(baseline.exitCode, 1);
    EXPECT_NE(baseline.err.find("--baseline 'nope' is not a model"), std::string::npos) << baseline.err;
}

} // namespace
} // namespace ranklab::testing
