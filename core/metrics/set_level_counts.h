#pragma once
// The counts behind a set-level statistic (coverage, gini, entropy,
// personalization) at one cutoff, over some users: per catalogue slot the
// users with the item wholly in their top k, and the shares below 1 of tie
// groups straddling k (expected policy: a/s, a = k − group start, s = group
// size) with their squares, each rounded down to 64 fractional bits (the
// integers floor(a·2^64/s) and floor(a²·2^64/s²)) and summed in 128-bit
// integers (stats/fixed_sum.h). Everything is an integer, so the counts of disjoint sets of
// users add up, in any order and split, to the counts of their union
// (chunks of one pass, or shards of `eval --buckets a:b --partial OUT`),
// and the statistic is a function of the summed counts:
//   c_i = whole_i + part_i·2^-64,  q_i = whole_i + partSquares_i·2^-64,
// with the number of users and k (for @all, the longest list). A share's
// rounding error is below 2^-64, under a double's rounding of the counts.
#include <cstdint>
#include <span>
#include <vector>

#include "metrics/set_level_bootstrap.h"
#include "stats/fixed_sum.h"

namespace ranklab {

struct SetLevelCounts {
    std::uint64_t users = 0;
    std::uint32_t longest = 0;                        // the longest list among the users (k of @all)
    std::vector<std::uint32_t> whole;                 // by slot; empty: all zero
    std::vector<stats::FixedSum> part, partSquares;   // by slot; empty: all zero

    // One item's share of a user's top k: whole (share 1) or a/s (0 < a < s).
    void addWhole(std::uint32_t slot, std::size_t catalog);
    void addShare(std::uint32_t slot, std::uint32_t a, std::uint32_t s, std::size_t catalog);
    void merge(const SetLevelCounts& other);
    // The statistic at `cutoff` (kCutoffAll: k = longest) over a catalogue
    // of trainingSlot.size() items.
    double statistic(const stats::SetStatistic& statistic, std::uint32_t cutoff,
                     std::span<const std::uint8_t> trainingSlot) const;
};

} // namespace ranklab
