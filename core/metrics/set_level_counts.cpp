#include "metrics/set_level_counts.h"

#include <algorithm>

#include "metrics/metric_spec.h"

namespace ranklab {
namespace {

void addInto(std::vector<stats::FixedSum>& into, const std::vector<stats::FixedSum>& other) {
    if (other.empty()) return;
    if (into.empty()) into.assign(other.size(), {});
    for (std::size_t i = 0; i < other.size() && i < into.size(); ++i) into[i].merge(other[i]);
}

} // namespace

void SetLevelCounts::addWhole(std::uint32_t slot, std::size_t catalog) {
    if (whole.empty()) whole.assign(catalog, 0);
    ++whole[slot];
}

void SetLevelCounts::addShare(std::uint32_t slot, std::uint32_t a, std::uint32_t s, std::size_t catalog) {
    if (part.empty()) {
        part.assign(catalog, {});
        partSquares.assign(catalog, {});
    }
    part[slot].addRatio(a, s);
    partSquares[slot].addRatio(std::uint64_t(a) * a, std::uint64_t(s) * s);
}

void SetLevelCounts::merge(const SetLevelCounts& other) {
    users += other.users;
    longest = std::max(longest, other.longest);
    if (!other.whole.empty()) {
        if (whole.empty()) whole.assign(other.whole.size(), 0);
        for (std::size_t i = 0; i < other.whole.size() && i < whole.size(); ++i) whole[i] += other.whole[i];
    }
    addInto(part, other.part);
    addInto(partSquares, other.partSquares);
}

double SetLevelCounts::statistic(const stats::SetStatistic& statistic, std::uint32_t cutoff,
                                 std::span<const std::uint8_t> trainingSlot) const {
    const std::size_t n = trainingSlot.size();
    std::vector<double> c(n, 0.0), q(n, 0.0), scratch;
    for (std::size_t i = 0; i < n; ++i) {
        const double w = i < whole.size() ? double(whole[i]) : 0.0;
        c[i] = w + (i < part.size() ? part[i].value() : 0.0);
        q[i] = w + (i < partSquares.size() ? partSquares[i].value() : 0.0);
    }
    const std::uint32_t k = cutoff == kCutoffAll ? longest : cutoff;
    return stats::setStatistic(statistic, SetCounts{c, q, double(users), k, trainingSlot}, scratch);
}

} // namespace ranklab
