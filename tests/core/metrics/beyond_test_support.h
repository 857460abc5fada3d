#pragma once
// Shared by the beyond-accuracy metric tests: small datasets with training
// pairs and item attributes, the engine's values (ranking + kernels)
// (beyond_test_world.h), and an independent brute force straight from
// docs/metrics.md (beyond_brute_force.h); here, the two compared on random
// worlds.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/metrics/beyond_brute_force.h"
#include "core/metrics/beyond_test_world.h"

namespace ranklab::beyond_test {

// The engine against the brute force for one per-user metric on random
// worlds: every order of the tie groups (expected), and the trec order.
inline void expectMatchesBruteForce(const std::string& metric, BeyondKernel kernel, double headShare = 0.8) {
    std::mt19937 rng(20261125);
    const std::vector<std::uint32_t> cutoffs{1, 2, 3, 5, kCutoffAll};
    for (int round = 0; round < 12; ++round) {
        World w = randomWorld(rng, 5, 12, 7, round % 3 + 1);
        Brute brute(w);
        Engine expected(w, TiePolicy::Expected), trec(w, TiePolicy::Trec);
        for (const auto& u : runUsers(w)) {
            auto e = expected.values(kernel, u, cutoffs, 1.0, headShare);
            auto t = trec.values(kernel, u, cutoffs, 1.0, headShare);
            for (std::size_t c = 0; c < cutoffs.size(); ++c) {
                const std::size_t k = cutoffs[c] == kCutoffAll ? 0 : cutoffs[c];
                EXPECT_NEAR(e[c], brute.expected(metric, u, k, headShare), 1e-12)
                    << metric << " expected, round " << round << ", " << u << ", k " << k;
                EXPECT_NEAR(t[c], brute.value(metric, u, brute.trecOrder(u), k, headShare), 1e-12)
                    << metric << " trec, round " << round << ", " << u << ", k " << k;
            }
        }
    }
}

} // namespace ranklab::beyond_test
