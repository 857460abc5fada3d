#include "stats/effect_size.h"

namespace ranklab::stats {

double cohensDz(const Moments& d) { return d.mean / d.sd; }

double cohensDz(std::span<const double> a, std::span<const double> b) {
    const auto d = differences(a, b);
    return cohensDz(moments(d));
}

WinsTiesLosses winsTiesLosses(std::span<const double> a, std::span<const double> b) {
    requireSameUsers(a, b);
    WinsTiesLosses w;
    // Counted without branches (the outcomes are unpredictable); a NaN on
    // either side counts as none of the three.
    for (std::size_t i = 0; i < a.size(); ++i) {
        w.wins += a[i] > b[i];
        w.losses += a[i] < b[i];
        w.ties += a[i] == b[i];
    }
    return w;
}

} // namespace ranklab::stats
