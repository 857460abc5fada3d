#include "synth/catalog.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/error.h"

namespace ranklab::synth {
namespace {

// Fisher–Yates with our own generator (std::shuffle is implementation-defined).
void shuffle(std::vector<std::uint32_t>& values, Rng& rng) {
    for (std::size_t i = values.size(); i > 1; --i) {
        const std::uint32_t j = rng.below(static_cast<std::uint32_t>(i));
        std::swap(values[i - 1], values[j]);
    }
}

// Sorts `items` by key descending, ties by item index (so the order is total).
void sortByDescending(std::vector<ItemIndex>& items, const std::vector<double>& key) {
    std::sort(items.begin(), items.end(), [&](ItemIndex a, ItemIndex b) {
        return key[a] != key[b] ? key[a] > key[b] : a < b;
    });
}

} // namespace

std::uint32_t topicCount(std::uint32_t items) {
    const double k = std::round(std::sqrt(double(items)) / 3.0);
    return static_cast<std::uint32_t>(std::clamp(k, 2.0, 64.0));
}

Catalog::Catalog(std::uint32_t items, std::uint64_t seed)
    : topic_(items), quality_(items), popularity_(items), attractiveness_(items) {
    if (items < 2) throw Error("a synthetic catalog needs at least 2 items");
    Rng rng(seed, Stream::Catalog, 0);

    // Popularity rank r (0-based) has Zipf weight 1/(r+1)^s; ranks go to a random order of ids.
    std::vector<std::uint32_t> order(items);
    std::iota(order.begin(), order.end(), 0u);
    shuffle(order, rng);
    for (std::uint32_t rank = 0; rank < items; ++rank)
        popularity_[order[rank]] = 1.0 / std::pow(double(rank + 1), kZipfExponent);
    byPopularityOrder_ = order;
    std::vector<double> rankWeights(items);
    for (std::uint32_t rank = 0; rank < items; ++rank) rankWeights[rank] = popularity_[order[rank]];
    popularAlias_ = AliasTable(rankWeights);
    for (double w : rankWeights) totalPopularity_ += w;

    // Topics of (nearly) equal size, dealt over another random order; then quality.
    const std::uint32_t k = topicCount(items);
    shuffle(order, rng);
    for (std::uint32_t pos = 0; pos < items; ++pos) topic_[order[pos]] = pos % k;
    for (std::uint32_t i = 0; i < items; ++i) {
        quality_[i] = rng.normal();
        attractiveness_[i] = popularity_[i] * std::exp(kQualityWeight * quality_[i]);
    }

    topicItems_.assign(k, {});
    for (std::uint32_t i = 0; i < items; ++i) topicItems_[topic_[i]].push_back(i);
    topicByPopularity_ = topicItems_;
    topicAttractiveness_.assign(k, 0.0);
    topicPopularity_.assign(k, 0.0);
    topicAlias_.reserve(k);
    for (std::uint32_t t = 0; t < k; ++t) {
        sortByDescending(topicItems_[t], attractiveness_);
        sortByDescending(topicByPopularity_[t], popularity_);
        std::vector<double> weights;
        weights.reserve(topicItems_[t].size());
        for (ItemIndex i : topicItems_[t]) {
            weights.push_back(attractiveness_[i]);
            topicAttractiveness_[t] += attractiveness_[i];
            topicPopularity_[t] += popularity_[i];
        }
        topicAlias_.emplace_back(weights);
    }
}

} // namespace ranklab::synth
