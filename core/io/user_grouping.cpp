#include "io/user_grouping.h"

#include <algorithm>
#include <atomic>
#include <numeric>

namespace ranklab {
namespace {

void check(const Progress* progress) {
    if (progress) progress->check();
}

} // namespace

// Users' offsets from the stretches; then either the columns as they are
// (the usual file: each user's lines together, users in id order) or each
// stretch copied to its user's place, the stretches split among threads.
GroupedLists groupByUser(RecordColumns& records, std::size_t userCount, const Parallelism& parallel,
                         const Progress* progress) {
    check(progress);
    const std::vector<UserStretch>& stretches = records.stretches();
    std::vector<std::uint64_t> offsets(userCount + 1, 0);
    for (const UserStretch& s : stretches) offsets[s.user + 1] += s.length;
    std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
    GroupedLists out;
    if (records.groupedInIdOrder()) {
        out.keys = records.takeKeys();
        out.values = records.takeValues();
    } else {
        // Where each stretch goes; where it comes from is counted along
        // within each of a few ranges of stretches.
        constexpr std::size_t kRanges = 64;
        const std::size_t perRange = std::max<std::size_t>(1, (stretches.size() + kRanges - 1) / kRanges);
        std::vector<std::uint64_t> to(stretches.size()), rangeFrom;
        {
            std::vector<std::uint64_t> next(offsets.begin(), offsets.end() - 1);
            std::uint64_t at = 0;
            for (std::size_t i = 0; i < stretches.size(); ++i) {
                if (i % perRange == 0) rangeFrom.push_back(at);
                at += stretches[i].length;
                to[i] = next[stretches[i].user];
                next[stretches[i].user] += stretches[i].length;
            }
        }
        out.keys = Column<std::uint32_t>(records.size());
        out.values = Column<double>(records.size());
        const std::uint32_t* keys = records.keys().data();
        const double* values = records.values().data();
        check(progress);
        parallel.forEach(0, rangeFrom.size(), 1, [&](std::size_t r) {
            check(progress);
            std::uint64_t from = rangeFrom[r];
            for (std::size_t i = r * perRange; i < std::min(stretches.size(), (r + 1) * perRange); ++i) {
                std::copy_n(keys + from, stretches[i].length, out.keys.data() + to[i]);
                std::copy_n(values + from, stretches[i].length, out.values.data() + to[i]);
                from += stretches[i].length;
            }
        });
    }
    records.clear();
    out.index = UserIndex(std::move(offsets));
    return out;
}

GroupedLists groupByUser(std::vector<Record>& records, std::size_t userCount, const Parallelism& parallel) {
    RecordColumns columns;
    columns.append(records);
    records = {};
    return groupByUser(columns, userCount, parallel);
}

std::optional<DuplicateFound> resolveDuplicates(GroupedLists& lists, std::size_t keyCount, DuplicatePolicy policy,
                                                bool identicalMerge, const Parallelism& parallel,
                                                DuplicateCounts& counts, const Progress* progress) {
    check(progress);
    const std::size_t users = lists.index.userCount();
    // keep[i] == 0 marks an entry to drop.
    std::vector<unsigned char> keep(lists.keys.size(), 1);
    std::atomic<std::uint64_t> dropped{0}, identical{0};
    std::atomic<std::uint64_t> firstDuplicateUser{~std::uint64_t(0)};
    std::vector<std::uint32_t> firstDuplicateKey(1, 0);
    std::atomic<bool> any{false};

    // Few ranges: each has scratch arrays as long as the key space.
    const std::size_t grain = std::max<std::size_t>(1024, users / 16);
    parallel.forRange(0, users, grain, [&](std::size_t lo, std::size_t hi) {
        check(progress);
        // Where each key was last seen: stamp = user + 1, at = kept entry.
        std::vector<std::uint32_t> stamp(keyCount, 0);
        std::vector<std::uint64_t> at(keyCount, 0);
        std::uint64_t localDropped = 0, localIdentical = 0;
        for (std::size_t u = lo; u < hi; ++u) {
            for (std::uint64_t i = lists.index.begin(UserId(u)); i < lists.index.end(UserId(u)); ++i) {
                std::uint32_t key = lists.keys[i];
                if (stamp[key] != u + 1) {
                    stamp[key] = static_cast<std::uint32_t>(u + 1);
                    at[key] = i;
                    continue;
                }
                std::uint64_t kept = at[key];
                keep[i] = 0;
                if (identicalMerge && lists.values[kept] == lists.values[i]) {
                    ++localIdentical;
                    continue;
                }
                if (policy == DuplicatePolicy::Error) {
                    // Lowest user wins; within a user the first repeat.
                    std::uint64_t expected = firstDuplicateUser.load();
                    while (u < expected && !firstDuplicateUser.compare_exchange_weak(expected, u)) {
                    }
                    any = true;
                    goto nextUser;
                }
                ++localDropped;
                if (policy == DuplicatePolicy::Max && lists.values[i] > lists.values[kept]) {
                    lists.values[kept] = lists.values[i];
                }
            }
        nextUser:;
        }
        dropped += localDropped;
        identical += localIdentical;
    });

    if (any) {
        UserId u = static_cast<UserId>(firstDuplicateUser.load());
        // Find the key again (serially, one user).
        std::vector<std::uint32_t> seen;
        for (std::uint64_t i = lists.index.begin(u); i < lists.index.end(u); ++i) {
            std::uint32_t key = lists.keys[i];
            auto it = std::find(seen.begin(), seen.end(), key);
            if (it != seen.end()) {
                // An identical repeat of a judgment is not a conflict.
                if (identicalMerge) {
                    std::uint64_t firstAt = lists.index.begin(u);
                    while (lists.keys[firstAt] != key) ++firstAt;
                    if (lists.values[firstAt] == lists.values[i]) continue;
                }
                return DuplicateFound{u, key};
            }
            seen.push_back(key);
        }
    }
    counts.dropped = dropped;
    counts.identical = identical;
    if (counts.dropped + counts.identical == 0) return std::nullopt;

    // Compact.
    check(progress);
    std::vector<std::uint64_t> offsets(users + 1, 0);
    std::uint64_t w = 0;
    for (std::size_t u = 0; u < users; ++u) {
        if (u % 65536 == 0) check(progress);
        for (std::uint64_t i = lists.index.begin(UserId(u)); i < lists.index.end(UserId(u)); ++i) {
            if (!keep[i]) continue;
            lists.keys[w] = lists.keys[i];
            lists.values[w] = lists.values[i];
            ++w;
        }
        offsets[u + 1] = w;
    }
    lists.keys.resize(w);
    lists.values.resize(w);
    lists.keys.shrink_to_fit();
    lists.values.shrink_to_fit();
    lists.index = UserIndex(std::move(offsets));
    return std::nullopt;
}

void sortByKey(GroupedLists& lists, const Parallelism& parallel, const Progress* progress) {
    check(progress);
    const std::size_t users = lists.index.userCount();
    parallel.forRange(0, users, std::max<std::size_t>(256, users / 64), [&](std::size_t lo, std::size_t hi) {
        check(progress);
        std::vector<std::pair<std::uint32_t, double>> entries;
        for (std::size_t u = lo; u < hi; ++u) {
            std::uint64_t b = lists.index.begin(UserId(u)), e = lists.index.end(UserId(u));
            entries.clear();
            for (std::uint64_t i = b; i < e; ++i) entries.emplace_back(lists.keys[i], lists.values[i]);
            std::sort(entries.begin(), entries.end(),
                      [](const auto& x, const auto& y) { return x.first < y.first; });
            for (std::uint64_t i = b; i < e; ++i) {
                lists.keys[i] = entries[i - b].first;
                lists.values[i] = entries[i - b].second;
            }
        }
    });
}

} // namespace ranklab
