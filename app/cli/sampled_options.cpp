#include "cli/sampled_options.h"

namespace ranklab::cli {

void SampledOptions::addTo(Command& command) {
    auto* sampled = command.add_option(
        "--sampled", negatives,
        "The runs rank each user's one relevant item against N sampled negatives: add estimates of the "
        "full-catalogue metrics (rescaled rank, Krichene-Rendle CLS and BV, rank-law MLE) with bootstrap "
        "intervals beside the naive sampled values (needs --catalog-size)");
    sampled->check(Check::range(1u, 0xffffffffu));
    auto* catalog = command.add_option("--catalog-size", catalogSize,
                                       "The number of items M the negatives were sampled from (the catalogue)");
    catalog->check(Check::range(std::uint64_t{2}, std::uint64_t{1} << 40));
    sampled->needs(catalog);
    catalog->needs(sampled);
}

SampledSettings SampledOptions::settings(double level) const {
    SampledSettings s;
    s.negatives = negatives;
    s.catalogSize = catalogSize;
    s.level = level;
    return s;
}

} // namespace ranklab::cli
