#include "synth/alias_table.h"

#include "common/error.h"

namespace ranklab::synth {

AliasTable::AliasTable(std::span<const double> weights) : keep_(weights.size()), alias_(weights.size()) {
    const std::size_t n = weights.size();
    double sum = 0;
    for (double w : weights) sum += w;
    if (n == 0 || !(sum > 0)) throw Error("alias table: weights must have a positive sum");

    // Scale so that the mean is 1; slots below 1 borrow from slots above.
    std::vector<double> scaled(n);
    std::vector<std::uint32_t> small, large;
    for (std::size_t i = 0; i < n; ++i) {
        scaled[i] = weights[i] * double(n) / sum;
        (scaled[i] < 1.0 ? small : large).push_back(static_cast<std::uint32_t>(i));
    }
    while (!small.empty() && !large.empty()) {
        const std::uint32_t s = small.back();
        const std::uint32_t l = large.back();
        small.pop_back();
        large.pop_back();
        keep_[s] = scaled[s];
        alias_[s] = l;
        scaled[l] = (scaled[l] + scaled[s]) - 1.0;
        (scaled[l] < 1.0 ? small : large).push_back(l);
    }
    // What is left is 1 up to rounding.
    for (std::uint32_t i : large) keep_[i] = 1.0, alias_[i] = i;
    for (std::uint32_t i : small) keep_[i] = 1.0, alias_[i] = i;
}

} // namespace ranklab::synth
