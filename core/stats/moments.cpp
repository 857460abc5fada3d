#include "stats/moments.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/error.h"
#include "stats/exact_moments.h"

namespace ranklab::stats {

// From exact sums (exact_moments.h), not the two compensated passes the
// header mentions: the same bits in any order and for any split of the
// values into merged parts (sharded evaluation); all-equal values still give
// mean = that value and sd = 0 exactly.
Moments moments(std::span<const double> x) {
    ExactMoments state;
    state.add(x);
    return state.moments();
}

void requireSameUsers(std::span<const double> a, std::span<const double> b) {
    if (a.size() != b.size())
        throw Error("paired values need the same users: " + std::to_string(a.size()) + " values for A, " +
                    std::to_string(b.size()) + " for B");
}

std::vector<double> differences(std::span<const double> a, std::span<const double> b) {
    requireSameUsers(a, b);
    std::vector<double> d(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) d[i] = a[i] - b[i];
    return d;
}

} // namespace ranklab::stats
