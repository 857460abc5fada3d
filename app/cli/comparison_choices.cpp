#include "cli/comparison_choices.h"

#include "common/error.h"
#include "stats/corrections.h"

namespace ranklab::cli {

void ComparisonChoices::addTo(Command& command, const std::string& testHelp, const std::string& correctionHelp) {
    command.add_option("--test", tests, testHelp)->capture_default_str();
    command.add_option("--correction", correction, correctionHelp)
        ->check(Check::member(acceptedNames<stats::Correction>(stats::kCorrectionNames)))
        ->capture_default_str();
    command.add_option("--alpha", alpha, "Significance level of the (corrected) tests")->capture_default_str();
    command.add_option("--level", level, "Confidence level of every interval")->capture_default_str();
    command.add_option("--resamples", resamples, "Bootstrap resamples (and random sign flips above 16 users)")
        ->check(Check::range(std::size_t{1}, std::size_t{100'000'000}))
        ->capture_default_str();
    command.add_option("--seed", seed, "Seed of the resampling (results are the same for any --threads)")
        ->capture_default_str();
    command.add_flag("--no-bootstrap", noBootstrap,
                     "Skip the percentile bootstrap intervals (t intervals only; faster)");
}

stats::ComparisonOptions ComparisonChoices::options(int threads) const {
    stats::ComparisonOptions c;
    const stats::TestSelection selection = stats::parseTestSelection(tests);
    c.tests = selection.paired;
    c.many = selection.many;
    const auto parsed = stats::parseCorrection(correction);
    if (!parsed)
        throw Error(std::string("unknown correction '").append(correction).append("': expected ").append(
            expectedNames<stats::Correction>(stats::kCorrectionNames)));
    c.correction = *parsed;
    if (!(alpha > 0 && alpha < 1))
        throw Error(std::string("--alpha must lie strictly between 0 and 1, got ").append(std::to_string(alpha)));
    if (!(level > 0 && level < 1))
        throw Error(std::string("--level must lie strictly between 0 and 1, got ").append(std::to_string(level)));
    c.alpha = alpha;
    c.level = level;
    c.bootstrapIntervals = !noBootstrap;
    c.resampling.resamples = resamples;
    c.resampling.seed = seed;
    c.resampling.parallelism = Parallelism(threads);
    return c;
}

} // namespace ranklab::cli
