#include "metrics/set_level_accumulator.h"

#include <algorithm>

#include "common/error.h"
#include "data/item_context.h"

namespace ranklab {
namespace {

class CountsAccumulator : public SetAccumulator {
public:
    CountsAccumulator(const stats::SetStatistic& statistic, std::size_t cutoffs)
        : statistic_(statistic), perCutoff_(cutoffs) {}

    void add(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
             std::span<const std::uint32_t> cutoffs) override {
        const ItemContext& items = *ctx.items;
        requireItemIds(r);
        ++users_;
        for (std::size_t c = 0; c < cutoffs.size(); ++c) {
            Counts& counts = perCutoff_[c];
            if (counts.whole.empty()) counts.whole.assign(items.catalog.size(), 0);
            const std::uint32_t k =
                cutoffs[c] == kCutoffAll ? r.listLength : std::min(cutoffs[c], r.listLength);
            if (cutoffs[c] == kCutoffAll) counts.longest = std::max(counts.longest, r.listLength);
            forEachRanked(r, topKReach(r, k), [&](std::uint32_t, ItemId item, std::uint32_t start, std::uint32_t size) {
                const std::uint32_t slot = items.slot(item);
                if (slot == ItemContext::kNoSlot) return;
                const double share = topKShare(start, size, k);
                if (share >= 1.0) {
                    ++counts.whole[slot];
                } else if (share > 0) {
                    if (counts.part.empty()) {
                        counts.part.assign(items.catalog.size(), 0.0);
                        counts.partSquares.assign(items.catalog.size(), 0.0);
                    }
                    counts.part[slot] += share;
                    counts.partSquares[slot] += share * share;
                }
            });
        }
    }

    void merge(const SetAccumulator& laterBase) override {
        const auto& later = static_cast<const CountsAccumulator&>(laterBase);
        users_ += later.users_;
        for (std::size_t c = 0; c < perCutoff_.size(); ++c) {
            Counts& mine = perCutoff_[c];
            const Counts& theirs = later.perCutoff_[c];
            mine.longest = std::max(mine.longest, theirs.longest);
            if (mine.whole.empty()) mine.whole.assign(theirs.whole.size(), 0);
            for (std::size_t i = 0; i < theirs.whole.size(); ++i) mine.whole[i] += theirs.whole[i];
            if (theirs.part.empty()) continue;
            if (mine.part.empty()) {
                mine.part.assign(theirs.part.size(), 0.0);
                mine.partSquares.assign(theirs.part.size(), 0.0);
            }
            for (std::size_t i = 0; i < theirs.part.size(); ++i) {
                mine.part[i] += theirs.part[i];
                mine.partSquares[i] += theirs.partSquares[i];
            }
        }
    }

    void finish(const MetricContext& ctx, std::span<const std::uint32_t> cutoffs,
                std::span<double> out) const override {
        const ItemContext& items = *ctx.items;
        const std::size_t n = items.catalog.size();
        std::vector<double> c(n), q(n), scratch;
        for (std::size_t k = 0; k < cutoffs.size(); ++k) {
            const Counts& counts = perCutoff_[k];
            for (std::size_t i = 0; i < n; ++i) {
                const double whole = counts.whole.empty() ? 0.0 : double(counts.whole[i]);
                c[i] = whole + (counts.part.empty() ? 0.0 : counts.part[i]);
                q[i] = whole + (counts.partSquares.empty() ? 0.0 : counts.partSquares[i]);
            }
            const std::uint32_t kk = cutoffs[k] == kCutoffAll ? counts.longest : cutoffs[k];
            out[k] = stats::setStatistic(statistic_, SetCounts{c, q, double(users_), kk, items.trainingSlot}, scratch);
        }
    }

private:
    struct Counts {
        std::vector<std::uint32_t> whole;             // users with the item wholly in their top k
        std::vector<double> part, partSquares;        // shares below 1, and their squares
        std::uint32_t longest = 0;                    // for @all: the longest list
    };
    stats::SetStatistic statistic_;
    std::vector<Counts> perCutoff_;
    std::size_t users_ = 0;
};

} // namespace

std::unique_ptr<SetAccumulator> makeSetLevelAccumulator(const stats::SetStatistic& statistic,
                                                        std::span<const std::uint32_t> cutoffs) {
    return std::make_unique<CountsAccumulator>(statistic, cutoffs.size());
}

stats::SetStatistic setStatisticOf(const MetricSpec& spec) {
    stats::SetStatistic s;
    const std::string& f = spec.family;
    if (f == "coverage") {
        s.kind = stats::SetStatistic::Kind::Coverage;
        s.of = CoverageOf(int(spec.param(0)));
    } else if (f == "gini") {
        s.kind = stats::SetStatistic::Kind::Gini;
        s.zeros = GiniZeros(int(spec.param(0)));
    } else if (f == "entropy") {
        s.kind = stats::SetStatistic::Kind::Entropy;
        s.base = EntropyBase(int(spec.param(0)));
    } else if (f == "personalization") {
        s.kind = stats::SetStatistic::Kind::Personalization;
    } else {
        throw Error("\"" + f + "\" is not a set-level metric");
    }
    return s;
}

} // namespace ranklab
