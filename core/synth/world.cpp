#include "synth/world.h"

#include <mutex>

namespace ranklab::synth {
namespace {

const SynthOptions& validated(const SynthOptions& options) {
    validate(options);
    return options;
}

} // namespace

SyntheticWorld::SyntheticWorld(const SynthOptions& options, const Progress* progress)
    : options_(validated(options)),
      catalog_(options.items, options.seed),
      popularity_(countPopularity(options, catalog_, progress)),
      recommenders_(catalog_, popularity_, options.seed, options.perUser) {}

PopularityRanking SyntheticWorld::countPopularity(const SynthOptions& options, const Catalog& catalog,
                                                  const Progress* progress) {
    const double rate = popularityWindowRate(options.users, options.items);
    std::vector<std::uint32_t> counts(options.items, 0);
    std::mutex merge;
    std::size_t done = 0;
    // Integer sums: the result is the same whatever the split and the order of merging.
    Parallelism(options.threads).forRange(0, options.users, 4096, [&](std::size_t lo, std::size_t hi) {
        if (progress) progress->check();
        std::vector<std::uint32_t> local(options.items, 0);
        ItemSet scratch(options.items);
        UserTruth truth;
        for (std::size_t u = lo; u < hi; ++u) {
            const auto user = static_cast<std::uint32_t>(u);
            makeUserTruth(catalog, options.seed, user, scratch, truth);
            countInWindow(truth, options.seed, user, rate, local);
        }
        std::lock_guard lock(merge);
        for (std::size_t i = 0; i < counts.size(); ++i) counts[i] += local[i];
        done += hi - lo;
        if (progress) progress->report(double(done) / double(options.users));
    });
    return PopularityRanking(std::move(counts));
}

SyntheticData generateInMemory(const SyntheticWorld& world) {
    const std::uint32_t users = world.options().users;
    SyntheticData data;
    data.users.resize(users);
    for (auto& lists : data.lists) lists.resize(users);
    world.parallelism().forRange(0, users, 256, [&](std::size_t lo, std::size_t hi) {
        ItemSet scratch(world.options().items);
        ModelScratch modelScratch(world.options().items);
        for (std::size_t u = lo; u < hi; ++u) {
            const auto user = static_cast<std::uint32_t>(u);
            world.makeTruth(user, scratch, data.users[u]);
            for (std::size_t m = 0; m < kModels.size(); ++m)
                world.recommenders().recommend(kModels[m], user, data.users[u], modelScratch, data.lists[m][u]);
        }
    });
    return data;
}

} // namespace ranklab::synth
