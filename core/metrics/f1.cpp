// f1@k = 2 hits(k) / (k + R), the harmonic mean of precision@k and recall@k.
#include "metrics/kernels.h"

namespace ranklab {

namespace {

void f1Kernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
              std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedHits(r, ctx.threshold, cutoffs, out);
    const double relevant = truth.relevantCount(ctx.threshold);
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        double k = cutoffs[c] == kCutoffAll ? double(r.listLength) : double(cutoffs[c]);
        out[c] = k + relevant > 0 ? 2.0 * out[c] / (k + relevant) : 0.0;
    }
}

} // namespace

const MetricRecord& f1Metric() {
    static const MetricRecord record{
        .id = "f1",
        .params = {relParameter()},
        .name = "F1",
        .definition = "2 hits(k) / (k + R): harmonic mean of precision and recall",
        .formula = "2·hits(%K) / (%K + R) (harmonic mean of precision and recall)",
        .kernel = f1Kernel,
    };
    return record;
}

} // namespace ranklab
