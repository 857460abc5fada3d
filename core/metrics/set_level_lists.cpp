#include "metrics/set_level_lists.h"

#include "metrics/beyond_kernels.h"
#include "metrics/metric_spec.h"

namespace ranklab::stats {

std::vector<double> TopKLists::counts(std::size_t catalogSize) const {
    std::vector<double> c(catalogSize, 0.0);
    for (std::size_t e = 0; e < slots.size(); ++e) c[slots[e]] += shares[e];
    return c;
}

std::vector<double> TopKLists::squares(std::size_t catalogSize) const {
    std::vector<double> q(catalogSize, 0.0);
    for (std::size_t e = 0; e < slots.size(); ++e) q[slots[e]] += shares[e] * shares[e];
    return q;
}

void TopKLists::append(const TopKLists& later) {
    const std::uint64_t base = slots.size();
    for (std::size_t r = 1; r < later.offsets.size(); ++r) offsets.push_back(base + later.offsets[r]);
    slots.insert(slots.end(), later.slots.begin(), later.slots.end());
    shares.insert(shares.end(), later.shares.begin(), later.shares.end());
    fractional = fractional || later.fractional;
    k = std::max(k, later.k);
}

void appendTopK(TopKLists& lists, const UserRanking& r, std::uint32_t cutoff, const ItemContext& items) {
    requireItemIds(r);
    const std::uint32_t k = cutoff == kCutoffAll ? r.listLength : std::min(cutoff, r.listLength);
    if (cutoff == kCutoffAll) lists.k = std::max(lists.k, r.listLength);
    forEachRanked(r, topKReach(r, k), [&](std::uint32_t, ItemId item, std::uint32_t start, std::uint32_t size) {
        const std::uint32_t slot = items.slot(item);
        if (slot == ItemContext::kNoSlot) return;
        const double share = topKShare(start, size, k);
        if (share <= 0) return;
        lists.slots.push_back(slot);
        lists.shares.push_back(share);
        lists.fractional = lists.fractional || share < 1.0;
    });
    lists.offsets.push_back(lists.slots.size());
}

TopKLists collectTopK(const RankedRun& ranked, std::span<const UserId> users, std::uint32_t cutoff,
                      const ItemContext& items) {
    TopKLists lists;
    lists.k = cutoff == kCutoffAll ? 0 : cutoff;
    lists.offsets.reserve(users.size() + 1);
    for (UserId u : users) appendTopK(lists, ranked.user(u), cutoff, items);
    return lists;
}

} // namespace ranklab::stats
