#pragma once
// The counts behind a set-level statistic (coverage, gini, entropy,
// personalization) at one cutoff, over some users: per catalogue slot the
// users with the item wholly in their top k, and the shares of tie groups
// straddling k (expected policy) as exact fractions a/s (a = k − group
// start, s = group size), summed per (slot, s) as Σa and Σa² in integers.
// Everything is an integer, so the counts of disjoint sets of users add up,
// in any order and split, to the counts of their union (chunks of one pass,
// or shards of `eval --buckets a:b --partial OUT`), and the statistic is a
// function of the summed counts:
//   c_i = whole_i + Σ_s Σa/s,  q_i = whole_i + Σ_s Σa²/s²  (s ascending),
// with the number of users and k (for @all, the longest list).
#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>

#include "metrics/set_level_bootstrap.h"

namespace ranklab {

struct SetLevelCounts {
    std::uint64_t users = 0;
    std::uint32_t longest = 0;        // the longest list among the users (k of @all)
    std::vector<std::uint32_t> whole; // by slot; empty: all zero (32 bits, as many as the chunks hold)
    struct Fraction {
        std::uint64_t sum = 0;      // Σa
        std::uint64_t squares = 0;  // Σa²
    };
    std::map<std::pair<std::uint32_t, std::uint32_t>, Fraction> fractions;  // (slot, s) -> sums

    // One item's share of a user's top k: whole (share 1) or a/s.
    void addWhole(std::uint32_t slot, std::size_t catalog);
    void addShare(std::uint32_t slot, std::uint32_t a, std::uint32_t s);
    void merge(const SetLevelCounts& other);
    // The statistic at `cutoff` (kCutoffAll: k = longest) over a catalogue
    // of trainingSlot.size() items.
    double statistic(const stats::SetStatistic& statistic, std::uint32_t cutoff,
                     std::span<const std::uint8_t> trainingSlot) const;
};

} // namespace ranklab
