#pragma once
// How much ties in the scores can move each number: per model and metric@k,
// the mean under the chosen tie policy (default expected) beside the means
// under the optimistic and pessimistic policies, which bracket every order
// of the tied items (docs/metrics.md: the tie-sensitivity band), and how many
// averaged users ties touch:
//  * affected: users whose value differs between optimistic and pessimistic
//    (a tie that changes this metric for this user: tied items of different
//    grades that straddle the cutoff, or, for a rank-sensitive metric such as
//    ndcg, ap or rr, that sit in different orders inside the top k);
//  * tiedInTop: users whose ranked list has a tie group of two or more items
//    (any grades, judged or not) that holds one of the positions 1..k, i.e.
//    two equal scores among the first k or a group crossing position k.
//    For @all and metrics without a cutoff (rprec, counts) k is the whole
//    list. A user missing from the run has no ties.
// Every user counted is an averaged user of the evaluation (users policy).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "rank/rank_cache.h"

namespace ranklab {

struct TieBand {
    std::size_t metric = 0;  // evaluation column
    std::string metricId;
    double chosen = 0;       // mean under the chosen policy
    double optimistic = 0;
    double pessimistic = 0;
    double width() const { return optimistic - pessimistic; }
    std::size_t affectedUsers = 0;
    std::size_t tiedInTopUsers = 0;
};

struct ModelTieSensitivity {
    std::string name;
    std::vector<TieBand> bands;  // per metric column
    // Over every user of the run: ranked items (after exclusions, when
    // applied) whose score another item of the same user shares.
    std::uint64_t entries = 0;
    std::uint64_t tiedEntries = 0;
    double tiedShare() const { return entries == 0 ? 0.0 : double(tiedEntries) / double(entries); }
};

struct TieSensitivity {
    TiePolicy chosen = TiePolicy::Expected;
    std::size_t users = 0;  // averaged users, the denominator of the shares
    std::vector<ModelTieSensitivity> models;

    double share(std::size_t count) const { return users == 0 ? 0.0 : double(count) / double(users); }
};

// Evaluates `settings` under its own tie policy, optimistic and pessimistic
// (rankings come from and stay in `cache`). Throws Cancelled when
// `progress` is cancelled.
TieSensitivity analyzeTies(const Dataset& data, const EvalSettings& settings, RankCache& cache,
                           const Progress* progress = nullptr);

} // namespace ranklab
