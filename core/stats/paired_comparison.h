#pragma once
// Everything the summary table and `ranklab-cli compare` show for one pair of
// models on one metric column: one call runs the requested procedures on the
// per-user values a (model A) and b (model B) of the same users.
#include <cstdint>
#include <optional>
#include <span>

#include "stats/bootstrap.h"
#include "stats/effect_size.h"
#include "stats/mean_ci.h"
#include "stats/moments.h"
#include "stats/paired_t_test.h"
#include "stats/randomization_test.h"
#include "stats/wilcoxon.h"

namespace ranklab {
class Progress;
}

namespace ranklab::stats {

// Which procedures to run. Moments, Cohen's d_z and wins/ties/losses are
// always computed (one pass).
enum class PairedTests : std::uint32_t {
    None = 0,
    TTest = 1u << 0,
    Wilcoxon = 1u << 1,
    Randomization = 1u << 2,
    Bootstrap = 1u << 3,        // percentile CI of the mean difference
    MeanIntervals = 1u << 4,    // t CIs of mean A, mean B and the mean difference
    MeanBootstrap = 1u << 5,    // percentile CIs of mean A and mean B
    All = (1u << 6) - 1,
};

constexpr PairedTests operator|(PairedTests x, PairedTests y) {
    return static_cast<PairedTests>(static_cast<std::uint32_t>(x) | static_cast<std::uint32_t>(y));
}
constexpr PairedTests operator&(PairedTests x, PairedTests y) {
    return static_cast<PairedTests>(static_cast<std::uint32_t>(x) & static_cast<std::uint32_t>(y));
}
constexpr bool has(PairedTests set, PairedTests test) { return (set & test) != PairedTests::None; }

struct PairedOptions {
    PairedTests tests = PairedTests::All;
    double level = 0.95;  // confidence level of every interval
    WilcoxonOptions wilcoxon{};
    std::size_t randomizationExactMaxN = 16;
    // Seed, B and threads of the bootstrap and the random sign flips; its
    // progress, if set, is told the fraction done and checked for cancel.
    ResamplingOptions resampling{};
};

struct PairedComparison {
    std::size_t n = 0;
    Moments a, b, diff;  // diff: of d = a − b
    double cohensDz = kNaN;
    WinsTiesLosses winsTiesLosses;

    std::optional<TInterval> ciA, ciB, ciDiff;  // MeanIntervals
    std::optional<BootstrapInterval> bootstrapA, bootstrapB;  // MeanBootstrap
    std::optional<BootstrapInterval> bootstrapDiff;           // Bootstrap
    std::optional<TTestResult> tTest;
    std::optional<WilcoxonResult> wilcoxon;
    std::optional<RandomizationResult> randomization;
};

// Throws ranklab::Error when a and b differ in length, Cancelled when the
// progress in options.resampling is cancelled.
PairedComparison comparePaired(std::span<const double> a, std::span<const double> b,
                               const PairedOptions& options = {});

} // namespace ranklab::stats
