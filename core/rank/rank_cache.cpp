#include "rank/rank_cache.h"

#include <set>

namespace ranklab {

void RankCache::bind(const Dataset& data) {
    if (baseIdentity_ != data.baseIdentity) {
        runs_.clear();
        itemOrder_.reset();
        baseIdentity_ = data.baseIdentity;
    }
    // Models added later may bring new items: the order covers every item.
    // Adding names keeps the order of the older ones, so their rankings stay.
    if (itemOrder_ && itemOrder_->size() != data.ids.items.size()) itemOrder_.reset();
}

std::shared_ptr<const std::vector<std::uint32_t>> RankCache::itemOrder(const Dataset& data) {
    std::lock_guard lock(mutex_);
    bind(data);
    if (!itemOrder_) itemOrder_ = std::make_shared<const std::vector<std::uint32_t>>(itemNameOrder(data.ids.items));
    return itemOrder_;
}

std::shared_ptr<const RankedRun> RankCache::get(const Dataset& data, std::size_t model, TiePolicy ties,
                                                bool useExclusions, const Parallelism& parallelism,
                                                const Progress* progress, std::uint32_t maxLength) {
    useExclusions = useExclusions && data.exclusions.has_value();
    const Run& run = data.models.at(model).run;
    auto key = std::make_tuple(run.identity(), static_cast<int>(ties), useExclusions, maxLength);
    {
        std::lock_guard lock(mutex_);
        bind(data);
        auto it = runs_.find(key);
        if (it != runs_.end()) return it->second;
    }
    std::shared_ptr<const std::vector<std::uint32_t>> order;
    if (ties == TiePolicy::Trec) order = itemOrder(data);
    RankOptions options;
    options.ties = ties;
    options.exclusions = useExclusions ? &*data.exclusions : nullptr;
    options.itemOrder = order.get();
    options.maxLength = maxLength;
    options.parallelism = parallelism;
    auto ranked = std::make_shared<const RankedRun>(rankRun(run, data.judgments, options, progress));
    std::lock_guard lock(mutex_);
    bind(data);
    ++computed_;
    runs_.emplace(key, ranked);
    return ranked;
}

void RankCache::retain(const Dataset& data) {
    std::lock_guard lock(mutex_);
    bind(data);
    std::set<std::uint64_t> kept;
    for (const ModelRun& m : data.models) kept.insert(m.run.identity());
    std::erase_if(runs_, [&](const auto& entry) { return !kept.count(std::get<0>(entry.first)); });
}

void RankCache::clear() {
    std::lock_guard lock(mutex_);
    runs_.clear();
    itemOrder_.reset();
    baseIdentity_ = 0;
}

std::size_t RankCache::size() const {
    std::lock_guard lock(mutex_);
    return runs_.size();
}

std::size_t RankCache::rankingsComputed() const {
    std::lock_guard lock(mutex_);
    return computed_;
}

} // namespace ranklab
