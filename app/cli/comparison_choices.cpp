#include "cli/comparison_choices.h"

#include "common/error.h"

namespace ranklab::cli {

stats::ComparisonOptions ComparisonChoices::options(int threads) const {
    stats::ComparisonOptions c;
    c.tests = stats::parseSignificanceTests(tests);
    const auto parsed = stats::parseCorrection(correction);
    if (!parsed)
        throw Error(std::string("unknown correction '").append(correction).append(
            "': expected none, bonferroni, holm or bh"));
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
