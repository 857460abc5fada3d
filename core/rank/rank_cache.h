#pragma once
// Ranked runs kept between evaluations, keyed by (run, tie policy,
// exclusions, maximum length): a new metric or cutoff never re-reads or
// re-sorts. A run is known by its content identity (Run::identity), not by
// its index, so a Dataset derived by adding, removing or reordering models
// (same ground truth and exclusions: same Dataset::baseIdentity) finds the
// rankings of the models it kept. A Dataset with other ground truth or
// exclusions clears the cache. Safe to use from several threads.
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "common/progress.h"
#include "io/dataset.h"
#include "rank/ranker.h"

namespace ranklab {

class RankCache {
public:
    std::shared_ptr<const RankedRun> get(const Dataset& data, std::size_t model, TiePolicy ties, bool useExclusions,
                                         const Parallelism& parallelism, const Progress* progress = nullptr,
                                         std::uint32_t maxLength = 0);
    // The byte-wise order of item names (for TiePolicy::Trec).
    std::shared_ptr<const std::vector<std::uint32_t>> itemOrder(const Dataset& data);
    // Forgets the rankings of runs that `data` no longer has (a removed model).
    void retain(const Dataset& data);
    void clear();
    std::size_t size() const;
    // Rankings computed (not found) since the cache was made.
    std::size_t rankingsComputed() const;

private:
    void bind(const Dataset& data);  // with mutex_ held

    mutable std::mutex mutex_;
    std::uint64_t baseIdentity_ = 0;  // Dataset::baseIdentity of the cached rankings
    std::map<std::tuple<std::uint64_t, int, bool, std::uint32_t>, std::shared_ptr<const RankedRun>> runs_;
    std::shared_ptr<const std::vector<std::uint32_t>> itemOrder_;
    std::size_t computed_ = 0;
};

} // namespace ranklab
