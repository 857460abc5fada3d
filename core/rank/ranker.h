#pragma once
// Ranks every user's items of a run: drops excluded items, sorts by score
// descending, orders ties by the policy, and keeps what the metrics need.
#include <optional>
#include <vector>

#include "common/parallel.h"
#include "common/progress.h"
#include "data/exclusions.h"
#include "data/judgments.h"
#include "data/run.h"
#include "rank/ranked_run.h"
#include "rank/tie_policy.h"

namespace ranklab {

struct RankOptions {
    TiePolicy ties = TiePolicy::Expected;
    const Exclusions* exclusions = nullptr;
    // For TiePolicy::Trec: byte-wise order of item names (itemNameOrder()).
    const std::vector<std::uint32_t>* itemOrder = nullptr;
    // Keep only the first N ranked items (trec_eval -M); 0 keeps all.
    // Only with a deterministic policy.
    std::uint32_t maxLength = 0;
    Parallelism parallelism;
};

RankedRun rankRun(const Run& run, const Judgments& judgments, const RankOptions& options,
                  const Progress* progress = nullptr);

// One ranked position of a user's full list (for the drill-down view).
struct RankedItem {
    ItemId item;
    double score;
    std::uint32_t tieGroup;  // positions with the same tieGroup have equal scores
    std::optional<double> grade;
};
std::vector<RankedItem> rankUser(const Run& run, const Judgments& judgments, UserId user,
                                 const RankOptions& options);

// rank[item] = position of the item's name in byte-wise ascending order.
std::vector<std::uint32_t> itemNameOrder(const Interner& items);

} // namespace ranklab
