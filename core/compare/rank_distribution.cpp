#include "compare/rank_distribution.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>

#include "eval/ranked_models.h"
#include "eval/user_pass.h"
#include "metrics/user_truth.h"

namespace ranklab {
namespace {

constexpr double kRankingShare = 0.5;  // of the progress: ranking every model, then walking each

// Running counts of both histograms over some users: fixed-point integer
// sums, so the order in which users and chunks come does not change a bit.
struct Tally {
    RankTally first, all;
    explicit Tally(std::size_t k) : first(k), all(k) {}
};

// Every relevant item of the user: mass rel/s on each position of its group.
void addEveryRelevant(const UserRanking& r, std::uint32_t relevantJudged, double threshold, Tally& t) {
    const std::size_t k = t.all.counts.size();
    std::uint32_t ranked = 0;
    for (const RankedGroup& g : r.groups) {
        const std::uint32_t rel = relevantIn(g, r, threshold);
        if (rel == 0) continue;
        ranked += rel;
        const std::size_t end = std::min<std::size_t>(std::size_t(g.start) + g.size, k);
        for (std::size_t q = g.start; q < end; ++q) t.all.counts[q].addRatio(rel, g.size);  // rel/size at each
        const std::size_t inside = end > g.start ? end - g.start : 0;
        if (inside < g.size) t.all.beyond.addRatio(std::uint64_t(rel) * (g.size - inside), g.size);
    }
    t.all.total.addRatio(relevantJudged, 1);
    t.all.missing.addRatio(relevantJudged - std::min(ranked, relevantJudged), 1);
}

// The user's first relevant item: in the first group holding g relevant among
// s items, at offset j with probability C(s−j−1, g−1)/C(s, g); P(0) = g/s and
// P(j+1)/P(j) = (s−j−g)/(s−j−1).
void addFirstRelevant(const UserRanking& r, double threshold, Tally& t) {
    const std::size_t k = t.first.counts.size();
    t.first.total.addRatio(1, 1);
    const FirstRelevant fr = firstRelevantGroup(r, threshold);
    if (!fr.group) {
        t.first.missing.addRatio(1, 1);
        return;
    }
    const std::size_t s = fr.group->size, g = fr.relevant, start = fr.group->start;
    if (start >= k) {
        t.first.beyond.addRatio(1, 1);
        return;
    }
    double p = double(g) / double(s);
    double inside = 0;
    for (std::size_t j = 0; j + g <= s; ++j) {
        if (start + j >= k) {
            t.first.beyond.add(1.0 - inside);  // the rest of the group lies below K
            return;
        }
        t.first.counts[start + j].add(p);
        inside += p;
        if (j + g < s) p *= double(s - j - g) / double(s - j - 1);
    }
}

// The histogram of K ranks from a tally (zero past its length), each count
// rounded once.
RankHistogram histogram(const RankTally& tally, std::size_t k) {
    RankHistogram h;
    h.counts.assign(k, 0.0);
    for (std::size_t i = 0; i < std::min(k, tally.counts.size()); ++i) h.counts[i] = tally.counts[i].value();
    const double beyond = tally.beyond.value();
    const double total = tally.total.value();
    h.notRetrieved = tally.missing.value() + beyond;
    h.beyondK = beyond;
    h.total = total;
    h.cdf.resize(h.counts.size());
    double running = 0;
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        running += h.counts[i];
        h.cdf[i] = total > 0 ? running / total : 0.0;
    }
    return h;
}

void firstRankSummary(ModelRankDistribution& d) {
    const auto& counts = d.first.counts;
    double mass = 0, weighted = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        mass += counts[i];
        weighted += double(i + 1) * counts[i];
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    d.meanFirstRank = mass > 0 ? weighted / mass : nan;
    d.medianFirstRank = nan;
    double running = 0;
    for (std::size_t i = 0; i < counts.size() && mass > 0; ++i) {
        running += counts[i];
        if (running >= mass / 2) {
            d.medianFirstRank = double(i + 1);
            break;
        }
    }
}

} // namespace

void RankTally::merge(const RankTally& other) {
    if (other.counts.size() > counts.size()) counts.resize(other.counts.size());
    for (std::size_t i = 0; i < other.counts.size(); ++i) counts[i].merge(other.counts[i]);
    missing.merge(other.missing);
    beyond.merge(other.beyond);
    total.merge(other.total);
}

RankTallies tallyRanks(const Dataset& data, const EvalSettings& settings, std::uint32_t kmax, RankCache& cache,
                       const Progress* progress) {
    RankTallies out;
    out.settings = settings;
    out.kmax = kmax;
    UserSelection selection = selectUsers(data, settings);
    out.counts = selection.counts;
    const std::vector<UserId>& users = selection.users;
    const std::size_t models = data.models.size();
    const double threshold = std::max(0.0, settings.relevanceThreshold);

    const RankedModels rankedModels = rankModels(data, settings, users, cache, progress, kRankingShare);
    const std::vector<std::shared_ptr<const RankedRun>>& ranked = rankedModels.runs;
    out.longest = static_cast<std::uint32_t>(rankedModels.longest);
    const std::size_t k = rankedModels.k(kmax);

    const TruthTable truth(data.judgments);
    const UserChunks chunks(users.size());
    for (std::size_t m = 0; m < models; ++m) {
        std::unique_ptr<Progress> part;
        if (progress)
            part = std::make_unique<Progress>(*progress, kRankingShare + (1 - kRankingShare) * double(m) / double(models),
                                              kRankingShare + (1 - kRankingShare) * double(m + 1) / double(models));
        // Integer sums: each chunk's tally is added to the model's as soon
        // as it is done, in whatever order (the bits do not depend on it),
        // so only the chunks in flight hold a tally.
        Tally sum(k);
        std::mutex sumMutex;
        walkUsers(chunks, settings.parallelism, part.get(), [&](std::size_t, std::size_t lo, std::size_t hi) {
            Tally t(k);
            for (std::size_t row = lo; row < hi; ++row) {
                const UserId u = users[row];
                const UserRanking ranking = ranked[m]->user(u);
                addFirstRelevant(ranking, threshold, t);
                addEveryRelevant(ranking, truth.user(u).relevantCount(threshold), threshold, t);
            }
            const std::lock_guard lock(sumMutex);
            sum.first.merge(t.first);
            sum.all.merge(t.all);
        });
        out.models.push_back({data.models[m].name, std::move(sum.first), std::move(sum.all)});
    }
    if (progress) progress->report(1.0);
    return out;
}

RankDistributions rankDistributionsOf(const RankTallies& tallies) {
    RankDistributions out;
    out.settings = tallies.settings;
    out.counts = tallies.counts;
    out.kmax = tallies.kmax == 0 ? tallies.longest : std::min(tallies.kmax, tallies.longest);
    for (const ModelRankTallies& t : tallies.models) {
        ModelRankDistribution d;
        d.model = t.model;
        d.first = histogram(t.first, out.kmax);
        d.all = histogram(t.all, out.kmax);
        firstRankSummary(d);
        out.models.push_back(std::move(d));
    }
    return out;
}

RankDistributions computeRankDistributions(const Dataset& data, const EvalSettings& settings, std::uint32_t kmax,
                                           RankCache& cache, const Progress* progress) {
    return rankDistributionsOf(tallyRanks(data, settings, kmax, cache, progress));
}

} // namespace ranklab
