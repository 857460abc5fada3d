// The simulated power of the resampling tests: at δ = 0 it is the size α,
// and on near-normal differences it agrees with the t-test's exact power
// (golden-tested in power_test.cpp) within the Monte Carlo error; the same
// seed gives the same answer for any thread count.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/error.h"
#include "stats/power.h"
#include "stats/power_simulation.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

// 200 fixed near-normal values (sums of uniform-like sines), mean ≈ 0, SD ≈ 1 after scaling.
std::vector<double> nearNormal() {
    std::vector<double> x(200);
    double mean = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        double s = 0;
        for (int k = 0; k < 12; ++k)
            s += std::fmod(std::fabs(std::sin(double(i * 12 + k) * 12.9898) * 43758.5453), 1.0);
        x[i] = s - 6.0;
        mean += x[i];
    }
    mean /= double(x.size());
    double sq = 0;
    for (double v : x) sq += (v - mean) * (v - mean);
    const double sd = std::sqrt(sq / double(x.size() - 1));
    for (double& v : x) v = (v - mean) / sd;
    return x;
}

TEST(PowerSimulation, AtZeroDifferenceThePowerIsTheSize) {
    const auto d = nearNormal();
    PowerSimulationOptions o;
    o.simulations = 600;
    o.resamples = 400;
    for (auto test : {ResamplingPowerTest::Randomization, ResamplingPowerTest::Bootstrap}) {
        const SimulatedPower p = simulatedPower(d, 0.0, test, 0.05, o);
        EXPECT_EQ(p.simulations, 600u);
        EXPECT_NEAR(p.power, 0.05, 4 * std::sqrt(0.05 * 0.95 / 600)) << int(test);
    }
}

TEST(PowerSimulation, AgreesWithTheExactTPowerOnNearNormalDifferences) {
    const auto d = nearNormal();  // SD 1, n 200
    const double delta = minimumDetectableEffect(200, 0.05, 0.6);  // the t-test's power there: 0.6
    PowerSimulationOptions o;
    o.simulations = 600;
    o.resamples = 400;
    for (auto test : {ResamplingPowerTest::Randomization, ResamplingPowerTest::Bootstrap}) {
        const SimulatedPower p = simulatedPower(d, delta, test, 0.05, o);
        EXPECT_NEAR(p.power, 0.6, 4 * std::sqrt(0.6 * 0.4 / 600) + 0.02) << int(test);
        EXPECT_NEAR(p.standardError, std::sqrt(p.power * (1 - p.power) / 600), 1e-15);
    }
}

TEST(PowerSimulation, TheSameSeedGivesTheSameAnswerOnAnyThreads) {
    const auto d = nearNormal();
    PowerSimulationOptions one;
    one.simulations = 64;
    one.resamples = 200;
    one.parallelism = Parallelism(1);
    PowerSimulationOptions two = one;
    two.parallelism = Parallelism(2);
    const auto a = simulatedPower(d, 0.15, ResamplingPowerTest::Bootstrap, 0.05, one);
    const auto b = simulatedPower(d, 0.15, ResamplingPowerTest::Bootstrap, 0.05, two);
    EXPECT_EQ(a.rejected, b.rejected);
    EXPECT_THROW(simulatedPower(std::vector<double>{1.0}, 0.1, ResamplingPowerTest::Bootstrap, 0.05), Error);
}

} // namespace
