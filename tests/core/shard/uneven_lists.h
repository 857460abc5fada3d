#pragma once
// The data of the curves and ranks partial-state tests: 300 users whose
// lists have very different lengths (so bucket ranges differ in their
// longest list) and tied scores (so expected counts are fractions).
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/engine_test_support.h"

namespace ranklab::testing {

// Model a ranks 1 to longest / aDivisor + 1 items (all `longest` for the
// users `fullA` picks; none for every 17th user) with scores of 5 levels,
// model b 1 to `longest` items with distinct scores; relevant items hold
// grades 1 to 3 (none for every 23rd user). `runOnlyUser`: a user of a
// alone, missing from the ground truth.
inline Dataset unevenLists(unsigned seed, int longest, int aDivisor, const std::function<bool(int)>& fullA,
                           bool runOnlyUser) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> score(0, 1);
    std::uniform_int_distribution<int> length(1, longest);
    std::vector<Triple> qrels, a, b;
    for (int u = 0; u < 300; ++u) {
        const std::string user = "user" + std::to_string(u);
        const int la = fullA(u) ? longest : length(rng) / aDivisor + 1, lb = length(rng);
        for (int i = 0; i < longest; ++i) {
            const std::string item = "i" + std::to_string((u * 7 + i * 13) % 131);
            if (i < la && u % 17 != 0) a.emplace_back(user, item, std::floor(score(rng) * 5));
            if (i < lb) b.emplace_back(user, item, score(rng));
            if (i % 7 == u % 7 && u % 23 != 0) qrels.emplace_back(user, item, 1 + (i % 3));
        }
    }
    if (runOnlyUser) a.emplace_back("runonly", "i1", 1.0);
    return makeDataset(qrels, {{"a", a}, {"b", b}});
}

} // namespace ranklab::testing
