// hr@k: 1 if any relevant item is in the top k. Under ties, when the first
// group holding relevant items is cut by k, the chance that a random order
// puts one of its r relevant items among its first t positions is
// 1 - C(m-r, t) / C(m, t).
#include "metrics/kernels.h"

namespace ranklab {

namespace {

void hitRateKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                   std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    const auto [first, rel] = firstRelevantGroup(r, ctx.threshold);
    std::uint32_t t = 0;
    double missAll = 1.0;  // C(m-r, t) / C(m, t)
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        std::uint32_t e = effective(cutoffs[c], r.listLength);
        if (!first || e <= first->start) {
            out[c] = 0.0;
        } else if (e >= first->start + first->size) {
            out[c] = 1.0;
        } else {
            const double m = first->size;
            for (; t < e - first->start; ++t) missAll *= (m - rel - t) / (m - t);
            out[c] = 1.0 - missAll;
        }
    }
}

} // namespace

const MetricRecord& hitRateMetric() {
    static const MetricRecord record{
        .id = "hr",
        .aliases = {"hit_rate", "success"},
        .params = {relParameter()},
        .name = "hit rate",
        .definition = "1 if at least one relevant item is in the top k, else 0 (trec_eval success)",
        .formula = "1 if hits(%K) ≥ 1, else 0",
        .meanName = "hit rate",
        .trecName = "success_%K",
        .kernel = hitRateKernel,
    };
    return record;
}

} // namespace ranklab
