// num_ret (n), num_rel (R) and num_rel_ret (hits(n)): counts, as trec_eval.
#include "metrics/kernels.h"

namespace ranklab {

void numRetKernel(const MetricContext&, const UserRanking& r, const UserTruth&,
                  std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = r.listLength;
}

void numRelKernel(const MetricContext& ctx, const UserRanking&, const UserTruth& truth,
                  std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = truth.relevantCount(ctx.threshold);
}

void numRelRetKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                     std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    double hits = 0;
    const std::uint32_t all[1] = {kCutoffAll};
    expectedHits(r, ctx.threshold, all, std::span<double>(&hits, 1));
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = hits;
}

} // namespace ranklab
