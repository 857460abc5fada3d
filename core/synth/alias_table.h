#pragma once
// Walker's alias method (Vose's construction): after O(n) set-up, draws an
// index with probability proportional to its weight in O(1).
#include <cstdint>
#include <span>
#include <vector>

#include "common/random.h"

namespace ranklab::synth {

class AliasTable {
public:
    AliasTable() = default;
    // weights >= 0 with a positive sum.
    explicit AliasTable(std::span<const double> weights);

    std::uint32_t sample(Rng& rng) const {
        const std::uint32_t slot = rng.below(static_cast<std::uint32_t>(keep_.size()));
        return rng.uniform() < keep_[slot] ? slot : alias_[slot];
    }
    std::size_t size() const { return keep_.size(); }

private:
    std::vector<double> keep_;  // probability of keeping the slot's own index
    std::vector<std::uint32_t> alias_;
};

} // namespace ranklab::synth
