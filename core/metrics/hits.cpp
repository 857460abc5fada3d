// hits@k: relevant items in the top k. Under ties, a group cut by k
// contributes its relevant count times the share of the group inside k.
#include "metrics/kernels.h"

namespace ranklab {

void expectedHits(const UserRanking& r, double threshold, std::span<const std::uint32_t> cutoffs,
                  std::span<double> out) {
    std::size_t c = 0;
    double before = 0;  // relevant items in groups wholly before
    for (const RankedGroup& g : r.groups) {
        std::uint32_t rel = relevantIn(g, r, threshold);
        if (rel == 0) continue;
        for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) <= g.start; ++c) out[c] = before;
        for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) < g.start + g.size; ++c)
            out[c] = before + double(rel) * double(effective(cutoffs[c], r.listLength) - g.start) / double(g.size);
        before += rel;
    }
    for (; c < cutoffs.size(); ++c) out[c] = before;
}

namespace {

void hitsKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedHits(r, ctx.threshold, cutoffs, out);
}

} // namespace

MetricParam relParameter() {
    return MetricParam{.name = "rel",
                       .kind = ParamKind::Number,
                       .label = "Relevant from grade",
                       .description = "the lowest relevant grade",
                       .unsetLabel = "as the evaluation"};
}

const MetricRecord& hitsMetric() {
    static const MetricRecord record{
        .id = "hits",
        .params = {relParameter()},
        .name = "relevant items retrieved",
        .definition = "number of relevant items in the top k",
        .formula = "hits(%K)",
        .hi = kUnbounded,
        .integral = true,
        .direction = Direction::None,
        .kernel = hitsKernel,
    };
    return record;
}

} // namespace ranklab
