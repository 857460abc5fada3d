// rr@k: 1 / rank of the first relevant item if it is within k, else 0
// (rr@all is trec_eval's recip_rank). Under ties, in the first group holding
// r relevant of m items the first relevant lands at offset i with
// probability P(i) = C(m-i, r-1) / C(m, r).
#include "metrics/kernels.h"

namespace ranklab {

namespace {

void reciprocalRankKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                          std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    const auto [first, rel] = firstRelevantGroup(r, ctx.threshold);
    double sum = 0;
    std::uint32_t i = 0;  // offsets summed so far
    double chance = first ? double(rel) / double(first->size) : 0.0;  // P(i + 1)
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        std::uint32_t e = effective(cutoffs[c], r.listLength);
        if (first) {
            const double m = first->size;
            for (; i < first->size && first->start + i < e; ++i) {
                sum += chance / double(first->start + i + 1);
                // P(i + 2) = P(i + 1) * (m - (i + 1) - r + 1) / (m - (i + 1))
                if (m - i - 1 > 0) chance *= (m - i - rel) / (m - i - 1);
            }
        }
        out[c] = sum;
    }
}

} // namespace

const MetricRecord& reciprocalRankMetric() {
    static const MetricRecord record{
        .id = "rr",
        .aliases = {"mrr"},
        .params = {relParameter()},
        .name = "reciprocal rank",
        .definition = "1 / rank of the first relevant item if within k, else 0 (mean: MRR; rr@all is recip_rank)",
        .formula = "1 / p₁ if p₁ ≤ %K, else 0 (p₁: the position of the first relevant item)",
        .meanName = "MRR",
        .trecNameAll = "recip_rank",
        .kernel = reciprocalRankKernel,
    };
    return record;
}

} // namespace ranklab
