// rprec = hits(R) / R: precision at the user's number of relevant items.
#include "metrics/kernels.h"

namespace ranklab {

namespace {

void rPrecisionKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
                      std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    const std::uint32_t relevant = truth.relevantCount(ctx.threshold);
    double hits = 0;
    const std::uint32_t at[1] = {relevant};
    expectedHits(r, ctx.threshold, at, std::span<double>(&hits, 1));
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = relevant > 0 ? hits / relevant : 0.0;
}

} // namespace

const MetricRecord& rPrecisionMetric() {
    static const MetricRecord record{
        .id = "rprec",
        .aliases = {"r_precision", "rprecision"},
        .params = {relParameter()},
        .takesCutoff = false,
        .name = "R-precision",
        .definition = "precision at rank R, the user's number of relevant items (trec_eval Rprec)",
        .formula = "hits(R) / R",
        .trecNameAll = "Rprec",
        .kernel = rPrecisionKernel,
    };
    return record;
}

} // namespace ranklab
