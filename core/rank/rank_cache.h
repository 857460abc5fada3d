#pragma once
// Ranked runs kept between evaluations, keyed by (model, tie policy,
// exclusions): a new metric or cutoff never re-reads or re-sorts. Safe to
// use from several threads. Bound to one Dataset (by its identity, not its
// address): a different one clears it.
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "common/progress.h"
#include "data/dataset.h"
#include "rank/ranker.h"

namespace ranklab {

class RankCache {
public:
    std::shared_ptr<const RankedRun> get(const Dataset& data, std::size_t model, TiePolicy ties, bool useExclusions,
                                         const Parallelism& parallelism, const Progress* progress = nullptr,
                                         std::uint32_t maxLength = 0);
    // The byte-wise order of item names (for TiePolicy::Trec).
    std::shared_ptr<const std::vector<std::uint32_t>> itemOrder(const Dataset& data);
    void clear();
    std::size_t size() const;

private:
    void bind(const Dataset& data);  // with mutex_ held

    mutable std::mutex mutex_;
    std::uint64_t identity_ = 0;  // Dataset::identity of the cached rankings
    std::map<std::tuple<std::size_t, int, bool, std::uint32_t>, std::shared_ptr<const RankedRun>> runs_;
    std::shared_ptr<const std::vector<std::uint32_t>> itemOrder_;
};

} // namespace ranklab
