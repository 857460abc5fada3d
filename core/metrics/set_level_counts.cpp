#include "metrics/set_level_counts.h"

#include <algorithm>

#include "metrics/metric_spec.h"

namespace ranklab {

void SetLevelCounts::addWhole(std::uint32_t slot, std::size_t catalog) {
    if (whole.empty()) whole.assign(catalog, 0);
    ++whole[slot];
}

void SetLevelCounts::addShare(std::uint32_t slot, std::uint32_t a, std::uint32_t s) {
    Fraction& f = fractions[{slot, s}];
    f.sum += a;
    f.squares += std::uint64_t(a) * a;
}

void SetLevelCounts::merge(const SetLevelCounts& other) {
    users += other.users;
    longest = std::max(longest, other.longest);
    if (!other.whole.empty()) {
        if (whole.empty()) whole.assign(other.whole.size(), 0);
        for (std::size_t i = 0; i < other.whole.size(); ++i) whole[i] += other.whole[i];
    }
    for (const auto& [key, f] : other.fractions) {
        Fraction& mine = fractions[key];
        mine.sum += f.sum;
        mine.squares += f.squares;
    }
}

double SetLevelCounts::statistic(const stats::SetStatistic& statistic, std::uint32_t cutoff,
                                 std::span<const std::uint8_t> trainingSlot) const {
    const std::size_t n = trainingSlot.size();
    std::vector<double> c(n, 0.0), q(n, 0.0), scratch;
    for (std::size_t i = 0; i < whole.size() && i < n; ++i) c[i] = q[i] = double(whole[i]);
    // The map is ordered by (slot, s): the same additions in the same order
    // whatever order the users came in.
    for (const auto& [key, f] : fractions) {
        if (key.first >= n) continue;
        const double s = double(key.second);
        c[key.first] += double(f.sum) / s;
        q[key.first] += double(f.squares) / (s * s);
    }
    const std::uint32_t k = cutoff == kCutoffAll ? longest : cutoff;
    return stats::setStatistic(statistic, SetCounts{c, q, double(users), k, trainingSlot}, scratch);
}

} // namespace ranklab
