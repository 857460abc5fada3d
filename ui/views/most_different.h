#pragma once
// "Where do these two models differ most?" (what DiffIR asks): for models A
// and B, every averaged user's values of one metric column, B − A, and how
// much their top-k lists overlap (Jaccard: the items both top k hold over
// the items either holds; 1 when both are empty), ranked by |B − A|
// (largest first) or by overlap (smallest first). Ties go to the other key,
// then to the user id. Ranking every user's two lists is work for the
// background (about a second at 100,000 users): the Per user tab runs it on
// its own job tracker.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/progress.h"
#include "ui/charts/density_plot.h"
#include "ui/evaluation_result.h"

namespace ranklab::ui {

enum class DifferenceKey { AbsoluteDelta, Overlap };

struct MostDifferentSpec {
    UserPair pair;
    std::uint32_t k = 10;  // the lists' depth for the overlap
    DifferenceKey key = DifferenceKey::AbsoluteDelta;
    std::size_t limit = 200;  // rows kept
    bool operator==(const MostDifferentSpec&) const = default;
};

struct MostDifferentRow {
    UserId user = 0;
    double a = 0, b = 0;  // the metric column's values
    double delta = 0;     // b − a (NaN when either is)
    double jaccard = 1;   // of the two top-k item sets
};

struct MostDifferent {
    MostDifferentSpec spec;
    std::size_t users = 0;  // the users ranked (the evaluation's)
    std::vector<MostDifferentRow> rows;
};

// The Jaccard index of the first k items of two ranked lists.
double topKJaccard(const std::vector<ItemId>& a, const std::vector<ItemId>& b, std::uint32_t k);

// The users ranked as above, the first `spec.limit` kept. Users with a NaN
// value rank last by |B − A|. Checks `progress` for cancellation.
MostDifferent mostDifferentUsers(const EvaluationResult& result, const MostDifferentSpec& spec,
                                 const Progress* progress = nullptr);

} // namespace ranklab::ui
