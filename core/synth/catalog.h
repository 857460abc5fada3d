#pragma once
// The items of a synthetic data set and the hidden structure users draw from:
// a Zipf popularity (exponent 1) over a random order of the item ids, a topic
// per item (topics are what users prefer), and a hidden quality per item.
// An item's attractiveness inside its topic is popularity × exp(γ·quality).
#include <cstdint>
#include <vector>

#include "synth/alias_table.h"

namespace ranklab::synth {

using ItemIndex = std::uint32_t;

class Catalog {
public:
    static constexpr double kZipfExponent = 1.0;
    static constexpr double kQualityWeight = 0.5;  // γ

    Catalog(std::uint32_t items, std::uint64_t seed);

    std::uint32_t items() const { return static_cast<std::uint32_t>(topic_.size()); }
    std::uint32_t topics() const { return static_cast<std::uint32_t>(topicItems_.size()); }

    std::uint32_t topicOf(ItemIndex i) const { return topic_[i]; }
    double quality(ItemIndex i) const { return quality_[i]; }
    double popularity(ItemIndex i) const { return popularity_[i]; }  // Zipf weight, not normalised
    double attractiveness(ItemIndex i) const { return attractiveness_[i]; }
    double totalPopularity() const { return totalPopularity_; }
    double topicAttractiveness(std::uint32_t t) const { return topicAttractiveness_[t]; }
    double topicPopularity(std::uint32_t t) const { return topicPopularity_[t]; }

    // Draws an item by popularity, or by attractiveness within topic t.
    ItemIndex samplePopular(Rng& rng) const { return byPopularityOrder_[popularAlias_.sample(rng)]; }
    ItemIndex sampleInTopic(std::uint32_t t, Rng& rng) const {
        return topicItems_[t][topicAlias_[t].sample(rng)];
    }

    // All items, most popular first.
    const std::vector<ItemIndex>& byPopularity() const { return byPopularityOrder_; }
    // The items of topic t, most attractive first / most popular first.
    const std::vector<ItemIndex>& topicByAttractiveness(std::uint32_t t) const { return topicItems_[t]; }
    const std::vector<ItemIndex>& topicByPopularity(std::uint32_t t) const { return topicByPopularity_[t]; }

private:
    std::vector<std::uint32_t> topic_;
    std::vector<double> quality_, popularity_, attractiveness_;
    double totalPopularity_ = 0;
    std::vector<double> topicAttractiveness_, topicPopularity_;
    std::vector<ItemIndex> byPopularityOrder_;
    AliasTable popularAlias_;  // over byPopularityOrder_
    std::vector<std::vector<ItemIndex>> topicItems_;  // by attractiveness
    std::vector<std::vector<ItemIndex>> topicByPopularity_;
    std::vector<AliasTable> topicAlias_;  // over topicItems_[t]
};

// How many topics a catalog of `items` items has: about 3·√items items each.
std::uint32_t topicCount(std::uint32_t items);

} // namespace ranklab::synth
