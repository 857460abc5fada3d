#pragma once
// The input of a set-level metric (coverage, gini, entropy, personalization):
// for one model at one cutoff, each averaged user's top-k items that are in
// the catalogue, as catalogue slots, each with its chance of being in the
// top k (1, or (slots left)/(group size) for a tie group straddling k under
// the expected policy). c_i is the sum of the shares of item i.
#include <cstdint>
#include <span>
#include <vector>

#include "data/item_context.h"
#include "rank/ranked_run.h"

namespace ranklab::stats {

struct TopKLists {
    std::uint32_t k = 0;  // the k of the statistic (the longest list for @all)
    std::vector<std::uint64_t> offsets{0};  // rows + 1
    std::vector<std::uint32_t> slots;
    std::vector<double> shares;
    bool fractional = false;  // some share is below 1

    std::size_t rows() const { return offsets.size() - 1; }
    // c over `catalogSize` slots.
    std::vector<double> counts(std::size_t catalogSize) const;
    // q_i = Σ_u share² over `catalogSize` slots.
    std::vector<double> squares(std::size_t catalogSize) const;
    // Appends `later`'s rows after these.
    void append(const TopKLists& later);
};

// `users` are the averaged users (the rows); `cutoff` may be kCutoffAll.
TopKLists collectTopK(const RankedRun& ranked, std::span<const UserId> users, std::uint32_t cutoff,
                      const ItemContext& items);
// The same for one user's ranking appended as the next row.
void appendTopK(TopKLists& lists, const UserRanking& r, std::uint32_t cutoff, const ItemContext& items);

} // namespace ranklab::stats
