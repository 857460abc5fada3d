#include "ui/charts/crossovers.h"

#include <algorithm>
#include <cmath>

namespace ranklab::ui {

std::vector<Crossover> findCrossovers(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<Crossover> out;
    int order = 0;  // sign of a - b where they last differed
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (std::isnan(a[i]) || std::isnan(b[i]) || a[i] == b[i]) continue;
        const int now = a[i] > b[i] ? 1 : -1;
        if (order != 0 && now != order) out.push_back({i + 1, (a[i] + b[i]) / 2});
        order = now;
    }
    return out;
}

} // namespace ranklab::ui
