#include "eval/set_level_state.h"

#include <algorithm>
#include <mutex>

#include "eval/item_inputs.h"
#include "eval/user_pass.h"
#include "metrics/set_level_accumulator.h"

namespace ranklab {

SetLevelState setLevelState(const Dataset& data, const EvalSettings& settings, RankCache& cache) {
    SetLevelState out;
    std::vector<MetricGroup> groups;
    for (const MetricGroup& g : groupMetrics(settings.metrics, settings.relevanceThreshold))
        if (g.record->setLevel()) groups.push_back(g);
    if (groups.empty()) return out;
    const std::optional<ItemContext> items = itemContextFor(data, groups);
    for (ItemId i : items->catalog) out.catalog.push_back(std::string(data.ids.items.name(i)));
    out.trainingSlot = items->trainingSlot;
    for (const MetricGroup& g : groups) out.columns.insert(out.columns.end(), g.columns.begin(), g.columns.end());
    std::sort(out.columns.begin(), out.columns.end());

    const std::vector<UserId> users = selectUsers(data, settings).users;
    const Discounts discounts;  // set-level accumulators use no discounts
    const TruthTable truth(data.judgments);
    const UserChunks chunks(users.size());
    for (std::size_t m = 0; m < data.models.size(); ++m) {
        const auto ranked = cache.get(data, m, settings.ties, settings.useExclusions, settings.parallelism, nullptr,
                                      settings.maxLength);
        std::vector<SetLevelCounts> counts(out.columns.size());
        for (const MetricGroup& g : groups) {
            const MetricContext ctx{g.spec, g.threshold, discounts, &*items};
            // The counts are integers: the chunks merge in any order.
            std::unique_ptr<SetAccumulator> total = g.record->accumulator(ctx, g.cutoffs);
            std::mutex totalMutex;
            walkUsers(chunks, settings.parallelism, nullptr, [&](std::size_t, std::size_t lo, std::size_t hi) {
                std::unique_ptr<SetAccumulator> part = g.record->accumulator(ctx, g.cutoffs);
                for (std::size_t row = lo; row < hi; ++row)
                    part->add(ctx, ranked->user(users[row]), truth.user(users[row]), g.cutoffs);
                const std::lock_guard lock(totalMutex);
                total->merge(*part);
            });
            const std::vector<SetLevelCounts>& perCutoff = setLevelCountsOf(*total);
            for (std::size_t c = 0; c < g.columns.size(); ++c) {
                const auto at = std::find(out.columns.begin(), out.columns.end(), g.columns[c]);
                counts[std::size_t(at - out.columns.begin())] = perCutoff[c];
            }
        }
        out.models.push_back(std::move(counts));
    }
    return out;
}

double setLevelValue(const MetricSpec& spec, const SetLevelCounts& counts, const std::vector<std::uint8_t>& trainingSlot) {
    return counts.statistic(setStatisticOf(spec), spec.cutoff, trainingSlot);
}

} // namespace ranklab
