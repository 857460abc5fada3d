#pragma once
// Where a run has tied scores. Per user of a run, over the ranked list (the
// run's items minus the excluded ones, sorted by score descending):
//  * firstTie: the 0-based position p of the first tied pair, i.e. the
//    smallest p with score(p) == score(p+1); a tie group of two or more
//    items reaches into the top k exactly when firstTie < k;
//  * tiedEntries: items whose score another item of the same list shares.
#include <cstdint>
#include <vector>

#include "common/parallel.h"
#include "common/progress.h"
#include "data/exclusions.h"
#include "data/run.h"

namespace ranklab {

struct TieStructure {
    static constexpr std::uint32_t kNoTie = 0xffffffffu;

    std::vector<std::uint32_t> firstTie;     // per user id of the run's table; kNoTie when none
    std::vector<std::uint32_t> listLength;   // per user id: ranked items
    std::vector<std::uint32_t> tiedEntries;  // per user id
    std::uint64_t entries = 0;               // ranked items over all users
    std::uint64_t tied = 0;                  // of which tied

    std::uint32_t firstTieOf(UserId u) const { return u < firstTie.size() ? firstTie[u] : kNoTie; }
    // Whether a tie group of two or more items holds a position in 1..k.
    bool tieInTop(UserId u, std::uint32_t k) const { return firstTieOf(u) < k; }
    double tiedShare() const { return entries == 0 ? 0.0 : double(tied) / double(entries); }
};

// `exclusions` may be null. Throws Cancelled when `progress` is cancelled.
TieStructure findTies(const Run& run, const Exclusions* exclusions, const Parallelism& parallelism,
                      const Progress* progress = nullptr);

} // namespace ranklab
