#include "metrics/set_level_counts.h"

#include <algorithm>

#include "metrics/metric_spec.h"

namespace ranklab {
namespace {

__extension__ typedef unsigned __int128 Uint128;

SetLevelCounts::Fixed fixedOf(Uint128 x) { return {std::uint64_t(x >> 64), std::uint64_t(x)}; }
Uint128 wide(const SetLevelCounts::Fixed& x) { return (Uint128(x.high) << 64) | x.low; }

void addInto(std::vector<SetLevelCounts::Fixed>& into, const std::vector<SetLevelCounts::Fixed>& other) {
    if (other.empty()) return;
    if (into.empty()) into.assign(other.size(), {});
    for (std::size_t i = 0; i < other.size() && i < into.size(); ++i) into[i] = into[i] + other[i];
}

} // namespace

SetLevelCounts::Fixed operator+(const SetLevelCounts::Fixed& a, const SetLevelCounts::Fixed& b) {
    return fixedOf(wide(a) + wide(b));
}

double toDouble(const SetLevelCounts::Fixed& x) { return double(x.high) + double(x.low) * 0x1p-64; }

void SetLevelCounts::addWhole(std::uint32_t slot, std::size_t catalog) {
    if (whole.empty()) whole.assign(catalog, 0);
    ++whole[slot];
}

void SetLevelCounts::addShare(std::uint32_t slot, std::uint32_t a, std::uint32_t s, std::size_t catalog) {
    if (part.empty()) {
        part.assign(catalog, {});
        partSquares.assign(catalog, {});
    }
    // floor(a·2^64/s) and floor(a²·2^64/s²): a < s, so both are below 2^64.
    const Uint128 share = (Uint128(a) << 64) / s;
    const Uint128 square = (Uint128(std::uint64_t(a) * a) << 64) / (std::uint64_t(s) * s);
    part[slot] = part[slot] + fixedOf(share);
    partSquares[slot] = partSquares[slot] + fixedOf(square);
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
        c[i] = w + (i < part.size() ? toDouble(part[i]) : 0.0);
        q[i] = w + (i < partSquares.size() ? toDouble(partSquares[i]) : 0.0);
    }
    const std::uint32_t k = cutoff == kCutoffAll ? longest : cutoff;
    return stats::setStatistic(statistic, SetCounts{c, q, double(users), k, trainingSlot}, scratch);
}

} // namespace ranklab
