#include "rank/ranker.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <numeric>

#include "common/error.h"

namespace ranklab {
namespace {

struct Entry {
    double score;
    ItemId item;
    std::uint32_t index;  // position in the file, for TiePolicy::Input
    double grade;         // 0 when unjudged
    bool judged;
};

// Sorts one user's (non-excluded) entries in ranked order.
// Sorts by `less`, a total order. Runs usually list each user's items best
// first already, so a linear check often spares the sort; with a total
// order the result is the same either way.
template <class Less>
void sortUnlessSorted(std::vector<Entry>& entries, Less less) {
    if (!std::is_sorted(entries.begin(), entries.end(), less)) std::sort(entries.begin(), entries.end(), less);
}

void sortEntries(std::vector<Entry>& entries, const RankOptions& options) {
    switch (options.ties) {
    case TiePolicy::Trec: {
        const auto& order = *options.itemOrder;
        sortUnlessSorted(entries, [&](const Entry& a, const Entry& b) {
            if (a.score != b.score) return a.score > b.score;
            return order[a.item] > order[b.item];
        });
        break;
    }
    case TiePolicy::Optimistic:
    case TiePolicy::Pessimistic: {
        const bool high = options.ties == TiePolicy::Optimistic;
        sortUnlessSorted(entries, [&](const Entry& a, const Entry& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.grade != b.grade) return high ? a.grade > b.grade : a.grade < b.grade;
            return a.index < b.index;
        });
        break;
    }
    case TiePolicy::Input:
    case TiePolicy::Expected:
        // Expected values do not depend on the order inside a group; input
        // order makes the list reproducible (a stable order, without the
        // buffer std::stable_sort allocates).
        sortUnlessSorted(entries, [](const Entry& a, const Entry& b) {
            if (a.score != b.score) return a.score > b.score;
            return a.index < b.index;
        });
        break;
    }
}

// Per-thread lookup of one user's judged and excluded items by item id:
// O(1) per ranked item instead of a binary search. A user's marks are told
// apart by a stamp, so nothing is cleared between users; an item's stamps
// and grade share one 16-byte slot (one cache line per lookup).
class UserMarks {
public:
    explicit UserMarks(std::size_t itemCount) : marks_(itemCount, Mark{0, 0, 0.0}) {}

    std::size_t size() const { return marks_.size(); }
    void mark(const Judgments& judgments, const Exclusions* exclusions, UserId u) {
        if (++stamp_ == 0) {  // wrapped: old stamps could match again
            std::fill(marks_.begin(), marks_.end(), Mark{0, 0, 0.0});
            stamp_ = 1;
        }
        auto items = judgments.items(u);
        auto grades = judgments.grades(u);
        for (std::size_t i = 0; i < items.size(); ++i) {
            Mark& m = marks_[items[i]];
            m.judged = stamp_;
            m.grade = grades[i];
        }
        if (exclusions)
            for (ItemId item : exclusions->items(u)) marks_[item].excluded = stamp_;
    }
    bool judged(ItemId item) const { return marks_[item].judged == stamp_; }
    bool excluded(ItemId item) const { return marks_[item].excluded == stamp_; }
    double grade(ItemId item) const { return marks_[item].grade; }

private:
    struct Mark {
        std::uint32_t judged;
        std::uint32_t excluded;
        double grade;
    };
    std::uint32_t stamp_ = 0;
    std::vector<Mark> marks_;
};

// The same lookup for a single user, by binary search in the user's sorted
// judged and excluded items: nothing as long as the item space is built.
class SparseMarks {
public:
    SparseMarks(const Judgments& judgments, const Exclusions* exclusions, UserId u)
        : items_(judgments.items(u)), grades_(judgments.grades(u)) {
        if (exclusions) excludedItems_ = exclusions->items(u);
    }
    bool judged(ItemId item) const { return position(item) < items_.size(); }
    bool excluded(ItemId item) const {
        return std::binary_search(excludedItems_.begin(), excludedItems_.end(), item);
    }
    double grade(ItemId item) const { return grades_[position(item)]; }

private:
    std::size_t position(ItemId item) const {
        auto it = std::lower_bound(items_.begin(), items_.end(), item);
        return it != items_.end() && *it == item ? static_cast<std::size_t>(it - items_.begin()) : items_.size();
    }
    std::span<const ItemId> items_;
    std::span<const double> grades_;
    std::span<const ItemId> excludedItems_;
};

// UserMarks for the ranges of one rankRun: one per thread at a time, reused
// by the next range (its array is as long as the item space).
class MarksPool {
public:
    explicit MarksPool(std::size_t itemCount) : itemCount_(itemCount) {}
    std::unique_ptr<UserMarks> take() {
        std::lock_guard lock(mutex_);
        if (free_.empty()) return std::make_unique<UserMarks>(itemCount_);
        auto marks = std::move(free_.back());
        free_.pop_back();
        return marks;
    }
    void give(std::unique_ptr<UserMarks> marks) {
        std::lock_guard lock(mutex_);
        free_.push_back(std::move(marks));
    }

private:
    std::size_t itemCount_;
    std::mutex mutex_;
    std::vector<std::unique_ptr<UserMarks>> free_;
};

// One past the largest item id in the lists of users [from, to).
std::size_t itemSpan(const Run& run, const Judgments& judgments, const Exclusions* exclusions, std::size_t from,
                     std::size_t to) {
    std::size_t span = 0;
    auto widen = [&](std::span<const ItemId> items) {
        for (ItemId item : items) span = std::max<std::size_t>(span, std::size_t(item) + 1);
    };
    for (std::size_t u = from; u < to; ++u) {
        widen(run.items(UserId(u)));
        widen(judgments.items(UserId(u)));
        if (exclusions) widen(exclusions->items(UserId(u)));
    }
    return span;
}

template <class Marks>
void collectEntries(const Run& run, UserId u, const Marks& marks, std::vector<Entry>& entries) {
    entries.clear();
    auto items = run.items(u);
    auto scores = run.scores(u);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ItemId item = items[i];
        if (marks.excluded(item)) continue;
        const bool judged = marks.judged(item);
        entries.push_back({scores[i], item, static_cast<std::uint32_t>(i), judged ? marks.grade(item) : 0.0, judged});
    }
}

struct RangeOutput {
    std::vector<std::uint32_t> listLength;
    std::vector<std::uint32_t> groupCount;
    std::vector<RankedGroup> groups;  // firstGrade relative to this range
    std::vector<double> grades;
    std::vector<ItemId> gradeItems;  // parallel to grades
    std::vector<std::uint32_t> tieCount;
    std::vector<TieSpan> ties;       // groups of 2 or more (expected)
};

// Ranked items go straight to `items`, each user's at the user's offset in
// the run (its list is at most as long as its lines).
void rankRange(const Run& run, const Judgments& judgments, const RankOptions& options, UserMarks& marks,
               std::size_t lo, std::size_t hi, RangeOutput& out, ItemId* items) {
    std::vector<Entry> entries;
    const bool grouped = options.ties == TiePolicy::Expected;
    for (std::size_t u = lo; u < hi; ++u) {
        marks.mark(judgments, options.exclusions, UserId(u));
        collectEntries(run, UserId(u), marks, entries);
        sortEntries(entries, options);
        std::size_t n = entries.size();
        if (options.maxLength > 0) n = std::min<std::size_t>(n, options.maxLength);
        out.listLength.push_back(static_cast<std::uint32_t>(n));
        ItemId* userItems = items + run.index().begin(UserId(u));
        for (std::size_t i = 0; i < n; ++i) userItems[i] = entries[i].item;
        std::uint32_t groupsBefore = static_cast<std::uint32_t>(out.groups.size());
        std::uint32_t tiesBefore = static_cast<std::uint32_t>(out.ties.size());
        std::size_t p = 0;
        while (p < n) {
            std::size_t end = p + 1;
            if (grouped)
                while (end < n && entries[end].score == entries[p].score) ++end;
            RankedGroup g{static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(end - p),
                          static_cast<std::uint32_t>(out.grades.size()), 0};
            for (std::size_t i = p; i < end; ++i) {
                if (!entries[i].judged) continue;
                out.grades.push_back(entries[i].grade);
                out.gradeItems.push_back(entries[i].item);
                ++g.gradeCount;
            }
            if (g.gradeCount > 0) out.groups.push_back(g);
            if (end - p > 1) out.ties.push_back({g.start, g.size});
            p = end;
        }
        out.groupCount.push_back(static_cast<std::uint32_t>(out.groups.size()) - groupsBefore);
        out.tieCount.push_back(static_cast<std::uint32_t>(out.ties.size()) - tiesBefore);
    }
}

} // namespace

RankedRun rankRun(const Run& run, const Judgments& judgments, const RankOptions& options, const Progress* progress) {
    if (options.ties == TiePolicy::Trec && !options.itemOrder)
        throw Error("the trec tie policy needs the item name order");
    if (options.maxLength > 0 && options.ties == TiePolicy::Expected)
        throw Error("a maximum list length needs a deterministic tie policy, not expected");
    const std::size_t users = run.index().userCount();
    const std::size_t itemCount =
        itemSpan(run, judgments, options.exclusions, 0, std::max(users, judgments.index().userCount()));
    // Lookup arrays as long as the item space: one per thread at a time.
    MarksPool pool(itemCount);
    const std::size_t grain = std::max<std::size_t>(256, users / 32);
    const std::size_t ranges = users == 0 ? 0 : (users + grain - 1) / grain;
    std::vector<RangeOutput> outputs(ranges);
    Column<ItemId> items(run.size());
    // Counting and reporting under one lock: reports reach the callback one
    // at a time and never go back.
    std::mutex reportMutex;
    std::size_t done = 0;
    options.parallelism.forEach(0, ranges, 1, [&](std::size_t r) {
        if (progress) progress->check();
        std::unique_ptr<UserMarks> marks = pool.take();
        rankRange(run, judgments, options, *marks, r * grain, std::min(users, (r + 1) * grain), outputs[r],
                  items.data());
        pool.give(std::move(marks));
        if (progress) {
            std::lock_guard lock(reportMutex);
            progress->report(double(++done) / double(ranges));
        }
    });

    std::vector<std::uint32_t> listLength;
    std::vector<std::uint64_t> groupOffsets{0};
    std::vector<RankedGroup> groups;
    std::vector<double> grades;
    std::vector<ItemId> gradeItems;
    std::vector<std::uint64_t> tieOffsets{0};
    std::vector<TieSpan> ties;
    listLength.reserve(users);
    groupOffsets.reserve(users + 1);
    tieOffsets.reserve(users + 1);
    std::size_t gradeTotal = 0;
    for (const RangeOutput& out : outputs) gradeTotal += out.grades.size();
    grades.reserve(gradeTotal);
    gradeItems.reserve(gradeTotal);
    for (RangeOutput& out : outputs) {
        const auto gradeBase = static_cast<std::uint32_t>(grades.size());
        listLength.insert(listLength.end(), out.listLength.begin(), out.listLength.end());
        for (std::uint32_t c : out.groupCount) groupOffsets.push_back(groupOffsets.back() + c);
        for (RankedGroup g : out.groups) {
            g.firstGrade += gradeBase;
            groups.push_back(g);
        }
        grades.insert(grades.end(), out.grades.begin(), out.grades.end());
        gradeItems.insert(gradeItems.end(), out.gradeItems.begin(), out.gradeItems.end());
        for (std::uint32_t c : out.tieCount) tieOffsets.push_back(tieOffsets.back() + c);
        ties.insert(ties.end(), out.ties.begin(), out.ties.end());
        out = RangeOutput{};
    }
    std::vector<bool> present(users);
    for (std::size_t u = 0; u < users; ++u) present[u] = run.hasUser(UserId(u));
    RankedRun ranked(std::move(listLength), std::move(groupOffsets), std::move(groups), std::move(grades));
    ranked.setPresent(std::move(present));
    ranked.setItems(run.index().offsets(), std::move(items), std::move(gradeItems), std::move(tieOffsets),
                    std::move(ties));
    return ranked;
}

std::vector<RankedItem> rankUser(const Run& run, const Judgments& judgments, UserId user,
                                 const RankOptions& options) {
    std::vector<Entry> entries;
    const SparseMarks marks(judgments, options.exclusions, user);
    collectEntries(run, user, marks, entries);
    sortEntries(entries, options);
    if (options.maxLength > 0 && entries.size() > options.maxLength) entries.resize(options.maxLength);
    std::vector<RankedItem> out;
    out.reserve(entries.size());
    std::uint32_t group = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i > 0 && entries[i].score != entries[i - 1].score) ++group;
        out.push_back({entries[i].item, entries[i].score, group,
                       entries[i].judged ? std::optional<double>(entries[i].grade) : std::nullopt});
    }
    return out;
}

std::vector<std::uint32_t> itemNameOrder(const Interner& items) {
    std::vector<std::uint32_t> ids(items.size());
    std::iota(ids.begin(), ids.end(), 0u);
    // std::string_view compares with char_traits<char>::compare, which is
    // memcmp: byte-wise unsigned, as trec_eval's strcmp.
    std::sort(ids.begin(), ids.end(), [&](std::uint32_t a, std::uint32_t b) { return items.name(a) < items.name(b); });
    std::vector<std::uint32_t> rank(items.size());
    for (std::uint32_t r = 0; r < ids.size(); ++r) rank[ids[r]] = r;
    return rank;
}

} // namespace ranklab
