#include "synth/models.h"

#include <algorithm>
#include <cmath>

namespace ranklab::synth {
namespace {

// toprank: log P(item | user) + a quality term, with little noise; shown as a probability.
constexpr double kTopRankQuality = 0.5, kTopRankNoise = 0.15, kTopRankOffset = 5.0;
// broad: candidates for 1.5 × perUser from the history's topics and 0.5 × perUser
// popular items; log of the estimated P(item | user) with much noise.
constexpr double kBroadTopicShare = 1.5, kBroadPopularShare = 0.5, kBroadExploration = 0.25;
constexpr double kBroadNoise = 0.8, kBroadOffset = 12.0, kLeakChance = 0.03;
constexpr std::size_t kMaxTopics = 64;  // topicCount() never exceeds it

bool better(const ScoredItem& a, const ScoredItem& b) { return a.score != b.score ? a.score > b.score : a.item < b.item; }

// The best n candidates, best first. (nth_element + sort: partial_sort's heap is ~3x slower here.)
void keepBest(std::vector<ScoredItem>& candidates, std::size_t n, std::vector<ScoredItem>& out) {
    n = std::min(n, candidates.size());
    const auto end = candidates.begin() + std::ptrdiff_t(n);
    if (n < candidates.size()) std::nth_element(candidates.begin(), end, candidates.end(), better);
    std::sort(candidates.begin(), end, better);
    out.assign(candidates.begin(), end);
}

// Adds items of `list` that are neither trained on nor chosen, until `added` more or the list ends.
void take(const std::vector<ItemIndex>& list, std::size_t added, ModelScratch& scratch) {
    for (ItemIndex i : list) {
        if (added == 0) return;
        if (!scratch.train.contains(i) && scratch.chosen.insert(i)) {
            scratch.candidates.push_back({i, 0.0});
            --added;
        }
    }
}

} // namespace

std::string_view modelName(Model model) {
    switch (model) {
    case Model::Popularity: return "popularity";
    case Model::TopRank: return "toprank";
    case Model::Broad: return "broad";
    }
    return "?";
}

bool hasIntegralScores(Model model) { return model == Model::Popularity; }

void Recommenders::recommend(Model model, std::uint32_t user, const UserTruth& truth, ModelScratch& scratch,
                             std::vector<ScoredItem>& out) const {
    scratch.train.clear();
    for (ItemIndex i : truth.train) scratch.train.insert(i);
    scratch.chosen.clear();
    scratch.candidates.clear();
    out.clear();
    switch (model) {
    case Model::Popularity: popular(scratch, out); break;
    case Model::TopRank: topRank(user, truth, scratch, out); break;
    case Model::Broad: broad(user, truth, scratch, out); break;
    }
}

void Recommenders::fillFromPopular(ModelScratch& scratch, std::size_t count) const {
    if (scratch.candidates.size() < count) take(catalog_.byPopularity(), count - scratch.candidates.size(), scratch);
}

void Recommenders::popular(ModelScratch& scratch, std::vector<ScoredItem>& out) const {
    for (ItemIndex i : popularity_.order()) {
        if (out.size() == perUser_) break;
        if (!scratch.train.contains(i)) out.push_back({i, double(popularity_.count(i))});
    }
}

void Recommenders::topRank(std::uint32_t user, const UserTruth& truth, ModelScratch& scratch,
                           std::vector<ScoredItem>& out) const {
    Rng rng(seed_, Stream::TopRank, user);
    // The head of the main topic; later topics only if it runs out.
    for (std::uint32_t k = 0; k < truth.topicCount && scratch.candidates.size() < perUser_; ++k)
        take(catalog_.topicByAttractiveness(truth.topics[k]), perUser_ - scratch.candidates.size(), scratch);
    fillFromPopular(scratch, perUser_);
    for (ScoredItem& c : scratch.candidates) {
        const double s = std::log(truth.probability(catalog_, c.item)) + kTopRankQuality * catalog_.quality(c.item) +
                         kTopRankNoise * rng.normal();
        c.score = 1.0 / (1.0 + std::exp(-(s + kTopRankOffset)));
    }
    keepBest(scratch.candidates, perUser_, out);
}

void Recommenders::broad(std::uint32_t user, const UserTruth& truth, ModelScratch& scratch,
                         std::vector<ScoredItem>& out) const {
    Rng rng(seed_, Stream::Broad, user);
    // The preference as the training history shows it: a histogram of topics.
    std::array<std::uint32_t, kMaxTopics> seen{};
    for (ItemIndex i : truth.train) ++seen[catalog_.topicOf(i)];
    std::array<std::uint32_t, kMaxTopics> topics{};
    std::size_t topicCount = 0;
    for (std::uint32_t t = 0; t < catalog_.topics(); ++t)
        if (seen[t] > 0) topics[topicCount++] = t;
    std::sort(topics.begin(), topics.begin() + std::ptrdiff_t(topicCount),
              [&](std::uint32_t a, std::uint32_t b) { return seen[a] != seen[b] ? seen[a] > seen[b] : a < b; });
    const double history = double(std::max<std::size_t>(truth.train.size(), 1));

    for (std::size_t k = 0; k < topicCount; ++k) {
        const double share = seen[topics[k]] / history;
        take(catalog_.topicByPopularity(topics[k]), std::size_t(std::ceil(share * kBroadTopicShare * perUser_)),
             scratch);
    }
    take(catalog_.byPopularity(), std::size_t(std::ceil(kBroadPopularShare * perUser_)), scratch);
    if (!truth.train.empty() && rng.chance(kLeakChance)) {
        const ItemIndex leaked = truth.train[rng.below(static_cast<std::uint32_t>(truth.train.size()))];
        if (scratch.chosen.insert(leaked)) scratch.candidates.push_back({leaked, 0.0});
    }
    fillFromPopular(scratch, perUser_);

    const double total = catalog_.totalPopularity();
    for (ScoredItem& c : scratch.candidates) {
        const std::uint32_t t = catalog_.topicOf(c.item);
        const double w = catalog_.popularity(c.item);
        const double p = (1.0 - kBroadExploration) * (seen[t] / history) * w / catalog_.topicPopularity(t) +
                         kBroadExploration * w / total;
        c.score = std::log(p) + kBroadNoise * rng.normal() + kBroadOffset;
    }
    keepBest(scratch.candidates, perUser_, out);
}

} // namespace ranklab::synth
