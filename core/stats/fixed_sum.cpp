#include "stats/fixed_sum.h"

#include <cmath>

namespace ranklab::stats {
namespace {

__extension__ typedef unsigned __int128 Uint128;

} // namespace

void FixedSum::add(double x) {
    if (!(x >= 0) || !(x < 0x1p63)) return;
    const double whole = std::floor(x);
    const Uint128 sum = ((Uint128(high_) << 64) | low_) + (Uint128(std::uint64_t(whole)) << 64) +
                        Uint128(std::uint64_t((x - whole) * 0x1p64));  // x − whole is exact, below 1
    high_ = std::uint64_t(sum >> 64);
    low_ = std::uint64_t(sum);
}

void FixedSum::addRatio(std::uint64_t a, std::uint64_t s) {
    const Uint128 share = (Uint128(a) << 64) / s;
    const Uint128 sum = ((Uint128(high_) << 64) | low_) + share;
    high_ = std::uint64_t(sum >> 64);
    low_ = std::uint64_t(sum);
}

void FixedSum::merge(const FixedSum& other) {
    const Uint128 sum = ((Uint128(high_) << 64) | low_) + ((Uint128(other.high_) << 64) | other.low_);
    high_ = std::uint64_t(sum >> 64);
    low_ = std::uint64_t(sum);
}

double FixedSum::value() const { return double(high_) + double(low_) * 0x1p-64; }

} // namespace ranklab::stats
