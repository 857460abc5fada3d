#include "rank/rank_cache.h"

namespace ranklab {

void RankCache::bind(const Dataset& data) {
    if (identity_ != data.identity) {
        runs_.clear();
        itemOrder_.reset();
        identity_ = data.identity;
    }
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
    auto key = std::make_tuple(model, static_cast<int>(ties), useExclusions, maxLength);
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
    auto ranked = std::make_shared<const RankedRun>(rankRun(data.models.at(model).run, data.judgments, options, progress));
    std::lock_guard lock(mutex_);
    bind(data);
    runs_.emplace(key, ranked);
    return ranked;
}

void RankCache::clear() {
    std::lock_guard lock(mutex_);
    runs_.clear();
    itemOrder_.reset();
    identity_ = 0;
}

std::size_t RankCache::size() const {
    std::lock_guard lock(mutex_);
    return runs_.size();
}

} // namespace ranklab
