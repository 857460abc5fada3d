// precision@k = hits(k) / k; positions past the list count as non-relevant
// (trec_eval P_k). precision@all divides by the list length.
#include "metrics/kernels.h"

namespace ranklab {

namespace {

void precisionKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                     std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedHits(r, ctx.threshold, cutoffs, out);
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        double k = cutoffs[c] == kCutoffAll ? double(r.listLength) : double(cutoffs[c]);
        out[c] = k > 0 ? out[c] / k : 0.0;
    }
}

} // namespace

const MetricRecord& precisionMetric() {
    static const MetricRecord record{
        .id = "precision",
        .aliases = {"p"},
        .params = {relParameter()},
        .name = "precision",
        .definition = "relevant items in the top k divided by k (trec_eval P)",
        .formula = "hits(%K) / %K (positions past the end of the list count as non-relevant)",
        .trecName = "P_%K",
        .trecNameAll = "set_P",
        .kernel = precisionKernel,
    };
    return record;
}

} // namespace ranklab
