#pragma once
// A run ranked under a tie policy, kept compactly for metrics: per user the
// length of the ranked list (after exclusions), the ranked item ids, the tie
// groups that hold at least one judged item (with those items' grades and
// ids), and, under the expected policy, every tie group of two or more
// items. Positions of unjudged items are implied by the group starts. Under
// a deterministic policy every item is its own group of size 1.
#include <cstdint>
#include <span>
#include <vector>

#include "data/column.h"
#include "data/id_space.h"

namespace ranklab {

struct RankedGroup {
    std::uint32_t start;        // positions before the group (0-based start)
    std::uint32_t size;         // items in the group, judged or not
    std::uint32_t firstGrade;   // index of the group's first judged grade
    std::uint32_t gradeCount;   // judged items in the group
};

// A tie group of two or more items: positions [start, start + size).
struct TieSpan {
    std::uint32_t start;
    std::uint32_t size;
};

// One user's ranking as the metrics see it.
struct UserRanking {
    UserId user = 0;                        // whose ranking (serendipity reads the user's training items)
    std::uint32_t listLength = 0;           // n: ranked items (num_ret)
    std::span<const RankedGroup> groups;    // by start
    std::span<const double> grades;         // judged grades, group by group
    // The same judged items' ids, parallel to `grades` (indexed alike).
    std::span<const ItemId> gradeItems;
    // The ranked items, position by position (listLength of them). Under
    // `expected` the order inside a tie group is the input order and means
    // nothing: `ties` says which positions share a group.
    std::span<const ItemId> items;
    // Tie groups of size >= 2, by start (expected policy only; empty under
    // the deterministic policies). Positions outside them are groups of 1.
    std::span<const TieSpan> ties;
};

// Under `expected`, an item of a tie group [start, start + size) is in the
// top k with probability (slots left)/(group size) (docs/metrics.md).
inline double topKShare(std::uint32_t start, std::uint32_t size, std::uint32_t k) {
    if (std::uint64_t(start) + size <= k) return 1.0;
    if (start >= k) return 0.0;
    return double(k - start) / double(size);
}

// Calls f(position, item, groupStart, groupSize) for each position < `limit`
// (at most the list length), in ranked order.
template <class F> void forEachRanked(const UserRanking& r, std::uint32_t limit, F&& f) {
    const std::uint32_t n = limit < r.listLength ? limit : r.listLength;
    std::size_t t = 0;
    for (std::uint32_t p = 0; p < n; ++p) {
        while (t < r.ties.size() && r.ties[t].start + r.ties[t].size <= p) ++t;
        if (t < r.ties.size() && r.ties[t].start <= p)
            f(p, r.items[p], r.ties[t].start, r.ties[t].size);
        else
            f(p, r.items[p], p, std::uint32_t{1});
    }
}

// The positions an item of the top k can come from: the list up to the end
// of the tie group holding position k - 1 (k beyond the list: all of it).
inline std::uint32_t topKReach(const UserRanking& r, std::uint32_t k) {
    if (k >= r.listLength) return r.listLength;
    if (k == 0) return 0;
    for (const TieSpan& t : r.ties)
        if (t.start < k && k < t.start + t.size) return t.start + t.size;
    return k;
}

class RankedRun {
public:
    RankedRun() = default;
    RankedRun(std::vector<std::uint32_t> listLength, std::vector<std::uint64_t> groupOffsets,
              std::vector<RankedGroup> groups, std::vector<double> grades)
        : listLength_(std::move(listLength)),
          groupOffsets_(std::move(groupOffsets)),
          groups_(std::move(groups)),
          grades_(std::move(grades)) {}

    // Item ids: user u's ranked items start at items[itemOffsets[u]] (the
    // user's offset in the run: a list is at most as long as its lines),
    // `gradeItems` parallel to the grades, `ties` with `tieOffsets` (users +
    // 1) as the groups.
    void setItems(std::vector<std::uint64_t> itemOffsets, Column<ItemId> items, std::vector<ItemId> gradeItems,
                  std::vector<std::uint64_t> tieOffsets, std::vector<TieSpan> ties) {
        itemOffsets_ = std::move(itemOffsets);
        items_ = std::move(items);
        gradeItems_ = std::move(gradeItems);
        tieOffsets_ = std::move(tieOffsets);
        ties_ = std::move(ties);
    }

    // Users beyond the run's table have an empty ranking.
    UserRanking user(UserId u) const {
        UserRanking r;
        r.user = u;
        if (u >= listLength_.size()) return r;
        std::uint64_t b = groupOffsets_[u], e = groupOffsets_[u + 1];
        r.listLength = listLength_[u];
        r.groups = {groups_.data() + b, static_cast<std::size_t>(e - b)};
        r.grades = grades_;
        if (!itemOffsets_.empty()) {
            r.gradeItems = gradeItems_;
            r.items = {items_.data() + itemOffsets_[u], r.listLength};
            r.ties = {ties_.data() + tieOffsets_[u], static_cast<std::size_t>(tieOffsets_[u + 1] - tieOffsets_[u])};
        }
        return r;
    }
    bool hasUser(UserId u) const { return u < present_.size() && present_[u]; }
    void setPresent(std::vector<bool> present) { present_ = std::move(present); }
    std::size_t userCount() const { return listLength_.size(); }
    std::size_t memoryBytes() const {
        return listLength_.capacity() * 4 + groupOffsets_.capacity() * 8 + groups_.capacity() * sizeof(RankedGroup) +
               grades_.capacity() * 8 + itemOffsets_.capacity() * 8 + items_.capacity() * 4 +
               gradeItems_.capacity() * 4 + tieOffsets_.capacity() * 8 + ties_.capacity() * sizeof(TieSpan);
    }

private:
    std::vector<std::uint32_t> listLength_;
    std::vector<std::uint64_t> groupOffsets_;
    std::vector<RankedGroup> groups_;
    std::vector<double> grades_;
    std::vector<std::uint64_t> itemOffsets_;
    Column<ItemId> items_;
    std::vector<ItemId> gradeItems_;
    std::vector<std::uint64_t> tieOffsets_;
    std::vector<TieSpan> ties_;
    std::vector<bool> present_;  // the user has lines in the run (even if all excluded)
};

} // namespace ranklab
