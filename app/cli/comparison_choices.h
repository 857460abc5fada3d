#pragma once
// The significance choices `compare` and `cohorts` share (--test,
// --correction, --alpha, --level, --resamples, --seed, --no-bootstrap),
// checked and turned into the core's ComparisonOptions.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/command_line.h"

#include "compare/comparison.h"

namespace ranklab::cli {

struct ComparisonChoices {
    std::string tests = "t";
    std::string correction = "holm";
    double alpha = 0.05;
    double level = 0.95;
    std::size_t resamples = stats::kDefaultResamples;
    std::uint64_t seed = stats::kDefaultSeed;
    bool noBootstrap = false;

    // Registers the seven options on `command`; the help of --test and
    // --correction says what they mean for that command.
    void addTo(Command& command, const std::string& testHelp, const std::string& correctionHelp);

    // Throws Error for an unknown test or correction, or an alpha or level
    // outside (0, 1). The baseline is left unset.
    stats::ComparisonOptions options(int threads) const;
};

} // namespace ranklab::cli
