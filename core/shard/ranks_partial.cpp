#include "shard/ranks_partial.h"

#include "common/error.h"

namespace ranklab::shard {

RanksPartial ranksPartial(RankTallies tallies, const BucketRange& range, const UserCounts& counts) {
    RanksPartial out;
    out.header.buckets = {range};
    out.header.settings = tallies.settings;
    out.header.settings.metrics.clear();
    out.header.settings.onlyUsers.reset();
    out.header.settings.parallelism = {};
    out.header.counts = counts;
    out.header.counts.evaluated = tallies.counts.evaluated;
    out.kmax = tallies.kmax;
    out.longest = tallies.longest;
    out.models = std::move(tallies.models);
    return out;
}

RanksPartial mergeRanksPartials(const std::vector<RanksPartial>& parts, const std::vector<std::string>& names) {
    if (parts.empty()) throw Error("merge: no partial states given");
    const std::string first = names.empty() ? std::string("the first") : names.front();
    RanksPartial out = parts.front();
    for (std::size_t p = 1; p < parts.size(); ++p) {
        const RanksPartial& part = parts[p];
        const std::string name = p < names.size() ? names[p] : std::to_string(p);
        mergeHeader(out.header, part.header, name, first);
        if (part.kmax != out.kmax)
            throw Error(name + ": made with --kmax " + std::to_string(part.kmax) + ", " + first + " with " +
                        std::to_string(out.kmax) + " (0: none)");
        if (part.models.size() != out.models.size())
            throw Error(name + ": has " + std::to_string(part.models.size()) + " models, " + first + " has " +
                        std::to_string(out.models.size()));
        for (std::size_t m = 0; m < out.models.size(); ++m) {
            if (part.models[m].model != out.models[m].model)
                throw Error(name + ": model " + std::to_string(m + 1) + " is \"" + part.models[m].model +
                            "\", expected \"" + out.models[m].model + "\" (the same runs in the same order)");
            out.models[m].first.merge(part.models[m].first);
            out.models[m].all.merge(part.models[m].all);
        }
        out.longest = std::max(out.longest, part.longest);
    }
    return out;
}

RankDistributions rankDistributionsOf(const RanksPartial& whole) {
    requireEveryBucket(whole.header);
    RankTallies tallies;
    tallies.settings = whole.header.settings;
    tallies.kmax = whole.kmax;
    tallies.longest = whole.longest;
    tallies.counts = whole.header.counts;
    tallies.models = whole.models;
    return rankDistributionsOf(tallies);
}

} // namespace ranklab::shard
