#pragma once
// The synthetic models, each of its own character:
// - popularity: the most popular items in the window the user has not
//   trained on; integer scores (the counts), many ties.
// - toprank: a precise re-ranker over a narrow candidate set (the head of
//   the user's main topic): strong precision at the top, weak recall deep down.
// - broad: candidates from every topic of the user's training history plus
//   popular items, scored noisily from that history: better recall at large
//   k, weaker top ranks; a few users get one training item back (a leak).
// Each scores at most `perUser` items per user in O(perUser · log) time.
#include <array>
#include <string_view>
#include <vector>

#include "synth/popularity.h"

namespace ranklab::synth {

enum class Model { Popularity, TopRank, Broad };
inline constexpr std::array<Model, 3> kModels = {Model::Popularity, Model::TopRank, Model::Broad};

std::string_view modelName(Model model);
// True if the model's scores are integers (written without decimals).
bool hasIntegralScores(Model model);

struct ScoredItem {
    ItemIndex item;
    double score;
};

// Per-worker scratch, sized for the catalog.
struct ModelScratch {
    explicit ModelScratch(std::uint32_t items) : train(items), chosen(items) {}
    ItemSet train, chosen;
    std::vector<ScoredItem> candidates;
};

class Recommenders {
public:
    Recommenders(const Catalog& catalog, const PopularityRanking& popularity, std::uint64_t seed,
                 std::uint32_t perUser)
        : catalog_(catalog), popularity_(popularity), seed_(seed), perUser_(perUser) {}

    // `out` gets the user's list, best first (score descending, ties by item
    // index): exactly perUser items unless the catalog has fewer untrained items.
    void recommend(Model model, std::uint32_t user, const UserTruth& truth, ModelScratch& scratch,
                   std::vector<ScoredItem>& out) const;

private:
    void popular(ModelScratch& scratch, std::vector<ScoredItem>& out) const;
    void topRank(std::uint32_t user, const UserTruth& truth, ModelScratch& scratch,
                 std::vector<ScoredItem>& out) const;
    void broad(std::uint32_t user, const UserTruth& truth, ModelScratch& scratch,
               std::vector<ScoredItem>& out) const;
    // Adds popular items that are not trained on nor chosen until there are `count` candidates.
    void fillFromPopular(ModelScratch& scratch, std::size_t count) const;

    const Catalog& catalog_;
    const PopularityRanking& popularity_;
    std::uint64_t seed_;
    std::uint32_t perUser_;
};

} // namespace ranklab::synth
