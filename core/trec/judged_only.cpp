#include "trec/judged_only.h"

#include "rank/ranker.h"
#include "rank/rank_cache.h"

namespace ranklab::trec {

Dataset judgedOnlyDataset(const Dataset& data, std::uint32_t maxLength) {
    Dataset out;
    for (std::size_t u = 0; u < data.ids.users.size(); ++u) out.ids.users.intern(data.ids.users.name(std::uint32_t(u)));
    for (std::size_t i = 0; i < data.ids.items.size(); ++i) out.ids.items.intern(data.ids.items.name(std::uint32_t(i)));
    out.judgments = data.judgments;
    out.judgmentsReport = data.judgmentsReport;

    const ModelRun& model = data.models.at(0);
    RankCache cache;
    const auto order = cache.itemOrder(data);
    RankOptions options;
    options.ties = TiePolicy::Trec;
    options.itemOrder = order.get();
    options.maxLength = maxLength;
    const std::size_t users = model.run.index().userCount();
    std::vector<std::uint64_t> offsets = {0};
    Column<ItemId> items;
    Column<double> scores;
    for (std::size_t u = 0; u < users; ++u) {
        if (model.run.hasUser(UserId(u)))
            for (const RankedItem& r : rankUser(model.run, data.judgments, UserId(u), options))
                if (r.grade && *r.grade >= 0) {
                    items.push_back(r.item);
                    scores.push_back(r.score);
                }
        offsets.push_back(items.size());
    }
    out.models.push_back({model.name, Run(UserIndex(std::move(offsets)), std::move(items), std::move(scores)),
                          model.report});
    return out;
}

} // namespace ranklab::trec
