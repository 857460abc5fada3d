#pragma once
// The power of the resampling tests (randomization, paired bootstrap) at a
// true mean difference δ, by simulation: S data sets of n users drawn with
// replacement from the observed per-user differences, centred and shifted
// to mean δ (the observed spread kept, the truth set to δ), each tested at
// α with B resamples as `compare` tests a pair; the power is the fraction
// rejected, with its Monte Carlo standard error sqrt(p (1 − p) / S). Data
// set s and its test use streams of (seed, s) only: the same numbers for
// any thread count.
#include <cstddef>
#include <cstdint>
#include <span>

#include "common/parallel.h"
#include "stats/moments.h"

namespace ranklab {
class Progress;
}

namespace ranklab::stats {

enum class ResamplingPowerTest { Randomization, Bootstrap };

struct PowerSimulationOptions {
    std::size_t simulations = 1000;  // S data sets
    std::size_t resamples = 1000;    // B per test
    std::uint64_t seed = 42;
    std::size_t users = 0;  // n per data set; 0: as many as the differences
    Parallelism parallelism{};
    const Progress* progress = nullptr;  // checked for cancel
};

struct SimulatedPower {
    double power = kNaN;
    double standardError = kNaN;
    std::size_t simulations = 0;
    std::size_t rejected = 0;
};

// Throws ranklab::Error for fewer than two differences, alpha outside (0, 1)
// or no simulations.
SimulatedPower simulatedPower(std::span<const double> differences, double delta, ResamplingPowerTest test,
                              double alpha, const PowerSimulationOptions& options = {});

} // namespace ranklab::stats
