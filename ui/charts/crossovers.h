#pragma once
// Where two curves swap order: the k at which model a, above (below) model b
// at the last k where they differed, is now below (above) it. Equal values
// and NaN keep the previous order, so a tie that is broken the same way is
// no crossover and a touch-and-cross is one crossover at the k it crossed.
#include <cstddef>
#include <vector>

namespace ranklab::ui {

struct Crossover {
    std::size_t k = 0;  // 1-based: index k - 1 of the curves
    double y = 0;       // the midpoint of the two values at k (where the mark goes)
};

// `a` and `b` hold the values at k = 1..n (the shorter length is used).
std::vector<Crossover> findCrossovers(const std::vector<double>& a, const std::vector<double>& b);

} // namespace ranklab::ui
