#pragma once
// Turns parsed records (file order) into per-user lists, resolving repeated
// (user, key) pairs by a DuplicatePolicy.
#include <optional>

#include "common/parallel.h"
#include "common/progress.h"
#include "data/user_lists.h"
#include "io/read_options.h"
#include "io/record.h"

namespace ranklab {

struct GroupedLists {
    UserIndex index;
    Column<std::uint32_t> keys;
    Column<double> values;
};

// Each step below checks `progress` (if given) as it goes and throws
// Cancelled once it is cancelled: a cancel after the last line is read is
// honoured too.

// Stable: each user's entries keep their file order. Frees `records`.
GroupedLists groupByUser(RecordColumns& records, std::size_t userCount, const Parallelism& parallel = {},
                         const Progress* progress = nullptr);
GroupedLists groupByUser(std::vector<Record>& records, std::size_t userCount, const Parallelism& parallel = {});

struct DuplicateFound {
    UserId user;
    std::uint32_t key;
};

struct DuplicateCounts {
    std::uint64_t dropped = 0;    // resolved by the policy
    std::uint64_t identical = 0;  // same value repeated, merged
};

// Removes repeated keys within each user. With `identicalMerge`, a repeat
// with the same value is merged silently (judgments); otherwise every repeat
// is a duplicate. With DuplicatePolicy::Error the first duplicate (lowest
// user id, then first repeat in file order) is returned and nothing changes.
std::optional<DuplicateFound> resolveDuplicates(GroupedLists& lists, std::size_t keyCount, DuplicatePolicy policy,
                                                bool identicalMerge, const Parallelism& parallel,
                                                DuplicateCounts& counts, const Progress* progress = nullptr);

// Sorts each user's entries by key (for lookups by binary search).
void sortByKey(GroupedLists& lists, const Parallelism& parallel, const Progress* progress = nullptr);

} // namespace ranklab
