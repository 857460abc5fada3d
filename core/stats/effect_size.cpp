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
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] > b[i])
            ++w.wins;
        else if (a[i] < b[i])
            ++w.losses;
        else if (a[i] == b[i])
            ++w.ties;
    }
    return w;
}

} // namespace ranklab::stats
