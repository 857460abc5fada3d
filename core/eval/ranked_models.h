#pragma once
// Every model of a dataset ranked (or taken from the cache) under the
// evaluation's settings, and the longest ranked list among the averaged
// users: the shared first step of the curves, their differences and the rank
// distributions, whose x axis runs to one K over all models.
#include <cstdint>
#include <memory>
#include <vector>

#include "common/progress.h"
#include "io/dataset.h"
#include "eval/eval_settings.h"
#include "rank/rank_cache.h"

namespace ranklab {

struct RankedModels {
    std::vector<std::shared_ptr<const RankedRun>> runs;  // by model
    std::size_t longest = 0;  // the longest ranked list of any `users` member in any model

    // K: the longest list, or `kmax` when that is smaller (0: no limit).
    std::uint32_t k(std::uint32_t kmax) const {
        return static_cast<std::uint32_t>(kmax == 0 ? longest : std::min<std::size_t>(kmax, longest));
    }
};

// Ranks model after model; `progress` gets [0, share) of its range, split
// evenly over the models. Throws Cancelled when cancelled.
RankedModels rankModels(const Dataset& data, const EvalSettings& settings, const std::vector<UserId>& users,
                        RankCache& cache, const Progress* progress, double share);

} // namespace ranklab
