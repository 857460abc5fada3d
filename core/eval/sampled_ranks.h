#pragma once
// The sampled-negative protocol in a run: each user ranks one relevant item
// (the positive) against N sampled negatives, so the run holds exactly
// 1 + N scored items per user, far fewer than the catalogue.
//
// scanSampledProtocol() detects it (validate and the Checks tab say so);
// sampledRanks() reads each user's sampled rank of the positive under a tie
// policy. Negatives tied with the positive are where the policies differ
// (a negatives above it, t tied with it):
//
//   expected     every rank in [1 + a, 1 + a + t] equally likely (each of the
//                (t + 1)! orders of the tie group puts the positive in each
//                of its t + 1 places equally often), so a metric's
//                expected value is its mean over those ranks
//   optimistic   1 + a          pessimistic  1 + a + t
//   trec         1 + a + #(tied negatives whose id is byte-wise greater)
//   input        1 + a + #(tied negatives earlier in the file)
#include <cstdint>
#include <span>
#include <vector>

#include "io/dataset.h"
#include "rank/tie_policy.h"

namespace ranklab {

struct SampledProtocolScan {
    bool detected = false;
    std::uint32_t negatives = 0;       // N, when every user has 1 + N items
    std::size_t users = 0;             // users of the run
    std::size_t onePositiveUsers = 0;  // users with exactly one relevant item in their list
    std::uint64_t catalogLowerBound = 0;  // --catalog's size, else the distinct items of every file
};

// Detected: the run has at least 2 users, every user has the same number of
// scored items 1 + N (N >= 1), every user exactly one relevant item among
// them, and 1 + N is at most a quarter of the catalogue.
SampledProtocolScan scanSampledProtocol(const Dataset& data, std::size_t model, double threshold);

struct SampledRanks {
    std::vector<UserId> users;        // users that follow the protocol
    std::vector<std::uint32_t> best;  // the positive's sampled rank (1-based), ties resolved in its favour
    std::vector<std::uint32_t> worst; // ... against it (== best unless the policy is expected)
    std::size_t missing = 0;          // averaged users without a list in the run
    std::size_t wrongSize = 0;        // lists not of 1 + N items
    std::size_t noPositive = 0;       // no relevant item in the list
    std::size_t manyPositives = 0;    // more than one
    std::size_t skipped() const { return missing + wrongSize + noPositive + manyPositives; }
};

SampledRanks sampledRanks(const Dataset& data, std::size_t model, std::span<const UserId> users,
                          std::uint32_t negatives, TiePolicy ties, double threshold);

} // namespace ranklab
