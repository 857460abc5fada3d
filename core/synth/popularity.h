#pragma once
// The popularity baseline's view of the data: interaction counts over a
// recent window of about kPopularityWindow training interactions (a fixed,
// seeded sample of all of them). Counts stay small integers whatever the
// data size, so the baseline's scores have many ties, as real ones do.
#include <cstdint>
#include <vector>

#include "synth/user_truth.h"

namespace ranklab::synth {

inline constexpr double kPopularityWindow = 20000;

// The share of training interactions that fall in the window (1 for small data).
double popularityWindowRate(std::uint32_t users, std::uint32_t items);

// Adds the user's training interactions that fall in the window to counts[item].
void countInWindow(const UserTruth& truth, std::uint64_t seed, std::uint32_t user, double rate,
                   std::vector<std::uint32_t>& counts);

class PopularityRanking {
public:
    PopularityRanking() = default;
    explicit PopularityRanking(std::vector<std::uint32_t> counts);

    std::uint32_t count(ItemIndex i) const { return counts_[i]; }
    // All items by count, descending; equal counts by item index.
    const std::vector<ItemIndex>& order() const { return order_; }

private:
    std::vector<std::uint32_t> counts_;
    std::vector<ItemIndex> order_;
};

} // namespace ranklab::synth
