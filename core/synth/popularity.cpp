#include "synth/popularity.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ranklab::synth {

double popularityWindowRate(std::uint32_t users, std::uint32_t items) {
    // Mean of the log-normal training count (user_truth.cpp), or the cap if smaller.
    const double meanTrain = std::min(std::exp(2.8 + 0.5 * 0.8 * 0.8), double(maxTrainItems(items)));
    return std::min(1.0, kPopularityWindow / (double(users) * meanTrain));
}

void countInWindow(const UserTruth& truth, std::uint64_t seed, std::uint32_t user, double rate,
                   std::vector<std::uint32_t>& counts) {
    const std::uint64_t userKey = streamKey(seed, Stream::PopularityWindow, user);
    for (ItemIndex i : truth.train)
        if (rate >= 1.0 || unitFromBits(mix64(userKey ^ i)) < rate) ++counts[i];
}

PopularityRanking::PopularityRanking(std::vector<std::uint32_t> counts)
    : counts_(std::move(counts)), order_(counts_.size()) {
    std::iota(order_.begin(), order_.end(), 0u);
    std::sort(order_.begin(), order_.end(), [&](ItemIndex a, ItemIndex b) {
        return counts_[a] != counts_[b] ? counts_[a] > counts_[b] : a < b;
    });
}

} // namespace ranklab::synth
