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
        for (std::size_t c = 0; c < cutoffs.size(); ++c) {
            SetLevelCounts& counts = perCutoff_[c];
            ++counts.users;
            if (counts.whole.empty()) counts.whole.assign(items.catalog.size(), 0);
            const std::uint32_t k =
                cutoffs[c] == kCutoffAll ? r.listLength : std::min(cutoffs[c], r.listLength);
            if (cutoffs[c] == kCutoffAll) counts.longest = std::max(counts.longest, r.listLength);
            forEachRanked(r, topKReach(r, k), [&](std::uint32_t, ItemId item, std::uint32_t start, std::uint32_t size) {
                const std::uint32_t slot = items.slot(item);
                if (slot == ItemContext::kNoSlot) return;
                const double share = topKShare(start, size, k);
                if (share >= 1.0)
                    counts.addWhole(slot, items.catalog.size());
                else if (share > 0)
                    counts.addShare(slot, k - start, size, items.catalog.size());  // share = (k − start)/size
            });
        }
    }

    void merge(const SetAccumulator& laterBase) override {
        const auto& later = static_cast<const CountsAccumulator&>(laterBase);
        for (std::size_t c = 0; c < perCutoff_.size(); ++c) perCutoff_[c].merge(later.perCutoff_[c]);
    }

    void finish(const MetricContext& ctx, std::span<const std::uint32_t> cutoffs,
                std::span<double> out) const override {
        for (std::size_t k = 0; k < cutoffs.size(); ++k)
            out[k] = perCutoff_[k].statistic(statistic_, cutoffs[k], ctx.items->trainingSlot);
    }

    const std::vector<SetLevelCounts>& counts() const { return perCutoff_; }

private:
    stats::SetStatistic statistic_;
    std::vector<SetLevelCounts> perCutoff_;
};

} // namespace

std::unique_ptr<SetAccumulator> makeSetLevelAccumulator(const stats::SetStatistic& statistic,
                                                        std::span<const std::uint32_t> cutoffs) {
    return std::make_unique<CountsAccumulator>(statistic, cutoffs.size());
}

const std::vector<SetLevelCounts>& setLevelCountsOf(const SetAccumulator& accumulator) {
    const auto* counts = dynamic_cast<const CountsAccumulator*>(&accumulator);
    if (!counts) throw Error("not a set-level accumulator");
    return counts->counts();
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
