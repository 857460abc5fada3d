#pragma once
// Everything users are generated from: the item catalog, the popularity
// baseline's counts (one pass over every user's training items) and the
// models. After construction it is read-only and shared by all workers.
#include <array>
#include <vector>

#include "common/parallel.h"
#include "common/progress.h"
#include "synth/models.h"
#include "synth/synth_options.h"

namespace ranklab::synth {

class SyntheticWorld {
public:
    // Validates the options; `progress` covers the popularity pass.
    explicit SyntheticWorld(const SynthOptions& options, const Progress* progress = nullptr);
    SyntheticWorld(const SyntheticWorld&) = delete;
    SyntheticWorld& operator=(const SyntheticWorld&) = delete;

    const SynthOptions& options() const { return options_; }
    const Catalog& catalog() const { return catalog_; }
    const PopularityRanking& popularity() const { return popularity_; }
    const Recommenders& recommenders() const { return recommenders_; }
    Parallelism parallelism() const { return Parallelism(options_.threads); }

    // `scratch` must have the catalog's size.
    void makeTruth(std::uint32_t user, ItemSet& scratch, UserTruth& out) const {
        makeUserTruth(catalog_, options_.seed, user, scratch, out);
    }

private:
    static PopularityRanking countPopularity(const SynthOptions& options, const Catalog& catalog,
                                             const Progress* progress);

    SynthOptions options_;
    Catalog catalog_;
    PopularityRanking popularity_;
    Recommenders recommenders_;
};

// The whole data set in memory (for tests and small examples): every user's
// truth and every model's lists, indexed [model][user] in kModels order.
struct SyntheticData {
    std::vector<UserTruth> users;
    std::array<std::vector<std::vector<ScoredItem>>, kModels.size()> lists;
};
SyntheticData generateInMemory(const SyntheticWorld& world);

} // namespace ranklab::synth
