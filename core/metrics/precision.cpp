// precision@k = hits(k) / k; positions past the list count as non-relevant
// (trec_eval P_k). precision@all divides by the list length.
#include "metrics/kernels.h"

namespace ranklab {

void precisionKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                     std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedHits(r, ctx.threshold, cutoffs, out);
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        double k = cutoffs[c] == kCutoffAll ? double(r.listLength) : double(cutoffs[c]);
        out[c] = k > 0 ? out[c] / k : 0.0;
    }
}

} // namespace ranklab
