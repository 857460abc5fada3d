#include "compare/rank_distribution.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "eval/ranked_models.h"
#include "eval/user_pass.h"
#include "metrics/user_truth.h"

namespace ranklab {
namespace {

constexpr double kRankingShare = 0.5;  // of the progress: ranking every model, then walking each

// Running counts of both histograms over some users.
struct Tally {
    std::vector<double> first, all;  // by 0-based position < K
    double firstMissing = 0, firstBeyond = 0, firstTotal = 0;
    double allMissing = 0, allBeyond = 0, allTotal = 0;

    explicit Tally(std::size_t k) : first(k, 0.0), all(k, 0.0) {}

    void merge(const Tally& other) {
        for (std::size_t i = 0; i < first.size(); ++i) first[i] += other.first[i];
        for (std::size_t i = 0; i < all.size(); ++i) all[i] += other.all[i];
        firstMissing += other.firstMissing;
        firstBeyond += other.firstBeyond;
        firstTotal += other.firstTotal;
        allMissing += other.allMissing;
        allBeyond += other.allBeyond;
        allTotal += other.allTotal;
    }
};

// Every relevant item of the user: mass rel/s on each position of its group.
void addEveryRelevant(const UserRanking& r, std::uint32_t relevantJudged, double threshold, Tally& t) {
    const std::size_t k = t.all.size();
    std::uint32_t ranked = 0;
    for (const RankedGroup& g : r.groups) {
        const std::uint32_t rel = relevantIn(g, r, threshold);
        if (rel == 0) continue;
        ranked += rel;
        const double each = double(rel) / double(g.size);
        const std::size_t end = std::min<std::size_t>(std::size_t(g.start) + g.size, k);
        for (std::size_t q = g.start; q < end; ++q) t.all[q] += each;
        const std::size_t inside = end > g.start ? end - g.start : 0;
        if (inside < g.size) t.allBeyond += double(rel) * double(g.size - inside) / double(g.size);
    }
    t.allTotal += relevantJudged;
    t.allMissing += double(relevantJudged - std::min(ranked, relevantJudged));
}

// The user's first relevant item: in the first group holding g relevant among
// s items, at offset j with probability C(s−j−1, g−1)/C(s, g); P(0) = g/s and
// P(j+1)/P(j) = (s−j−g)/(s−j−1).
void addFirstRelevant(const UserRanking& r, double threshold, Tally& t) {
    const std::size_t k = t.first.size();
    t.firstTotal += 1;
    const FirstRelevant fr = firstRelevantGroup(r, threshold);
    if (!fr.group) {
        t.firstMissing += 1;
        return;
    }
    const std::size_t s = fr.group->size, g = fr.relevant, start = fr.group->start;
    if (start >= k) {
        t.firstBeyond += 1;
        return;
    }
    double p = double(g) / double(s);
    double inside = 0;
    for (std::size_t j = 0; j + g <= s; ++j) {
        if (start + j >= k) {
            t.firstBeyond += 1.0 - inside;  // the rest of the group lies below K
            return;
        }
        t.first[start + j] += p;
        inside += p;
        if (j + g < s) p *= double(s - j - g) / double(s - j - 1);
    }
}

RankHistogram histogram(std::vector<double> counts, double missing, double beyond, double total) {
    RankHistogram h;
    h.counts = std::move(counts);
    h.notRetrieved = missing + beyond;
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

RankDistributions computeRankDistributions(const Dataset& data, const EvalSettings& settings, std::uint32_t kmax,
                                           RankCache& cache, const Progress* progress) {
    RankDistributions out;
    out.settings = settings;
    UserSelection selection = selectUsers(data, settings);
    out.counts = selection.counts;
    const std::vector<UserId>& users = selection.users;
    const std::size_t models = data.models.size();
    const double threshold = std::max(0.0, settings.relevanceThreshold);

    const RankedModels rankedModels = rankModels(data, settings, users, cache, progress, kRankingShare);
    const std::vector<std::shared_ptr<const RankedRun>>& ranked = rankedModels.runs;
    out.kmax = rankedModels.k(kmax);
    const std::size_t k = out.kmax;

    const TruthTable truth(data.judgments);
    // The shared pass's fixed chunks, merged in order: the same sums for any thread count.
    const UserChunks chunks(users.size());
    for (std::size_t m = 0; m < models; ++m) {
        std::unique_ptr<Progress> part;
        if (progress)
            part = std::make_unique<Progress>(*progress, kRankingShare + (1 - kRankingShare) * double(m) / double(models),
                                              kRankingShare + (1 - kRankingShare) * double(m + 1) / double(models));
        std::vector<Tally> tallies(chunks.count, Tally(k));
        walkUsers(chunks, settings.parallelism, part.get(), [&](std::size_t c, std::size_t lo, std::size_t hi) {
            Tally& t = tallies[c];
            for (std::size_t row = lo; row < hi; ++row) {
                const UserId u = users[row];
                const UserRanking ranking = ranked[m]->user(u);
                addFirstRelevant(ranking, threshold, t);
                addEveryRelevant(ranking, truth.user(u).relevantCount(threshold), threshold, t);
            }
        });
        Tally sum(k);
        for (const Tally& t : tallies) sum.merge(t);
        ModelRankDistribution d;
        d.model = data.models[m].name;
        d.first = histogram(std::move(sum.first), sum.firstMissing, sum.firstBeyond, sum.firstTotal);
        d.all = histogram(std::move(sum.all), sum.allMissing, sum.allBeyond, sum.allTotal);
        firstRankSummary(d);
        out.models.push_back(std::move(d));
    }
    if (progress) progress->report(1.0);
    return out;
}

} // namespace ranklab
