// recall@k = hits(k) / R, 0 when the user has no relevant item.
#include "metrics/kernels.h"

namespace ranklab {

namespace {

void recallKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
                  std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedHits(r, ctx.threshold, cutoffs, out);
    const double relevant = truth.relevantCount(ctx.threshold);
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = relevant > 0 ? out[c] / relevant : 0.0;
}

} // namespace

const MetricRecord& recallMetric() {
    static const MetricRecord record{
        .id = "recall",
        .aliases = {"r"},
        .params = {relParameter()},
        .name = "recall",
        .definition = "relevant items in the top k divided by the user's relevant items R",
        .formula = "hits(%K) / R",
        .trecName = "recall_%K",
        .trecNameAll = "set_recall",
        .kernel = recallKernel,
    };
    return record;
}

} // namespace ranklab
