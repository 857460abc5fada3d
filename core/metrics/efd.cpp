// efd@k = Σ_{p≤k} rel(p)·disc(p)·(−log2(max(n_{i_p}, 1)/P)) / Σ_{p=1..k}
// disc(p): expected free discovery (Vargas & Castells 2011; Elliot), P the
// distinct training pairs of the catalogue (docs/metrics.md).
#include "metrics/beyond_kernels.h"
#include "metrics/kernels.h"

namespace ranklab {

void efdValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
               std::span<double> out) {
    discountedRelevantSum(in, r, cutoffs, out, [&](ItemId i) { return in.items.freeDiscoveryOf(i); });
}

const MetricRecord& efdMetric() {
    static const MetricRecord record{
        .id = "efd",
        .params = {relParameter()},
        .name = "expected free discovery",
        .definition = "discounted sum over relevant items of the top k of -log2(n_i/P), divided by the sum of the "
                      "discounts up to k (Vargas & Castells; Elliot)",
        .formula = "Σ_{p ≤ %K} rel(p)·disc(p)·(−log₂(max(n_{i_p}, 1)/P)) / Σ_{p=1..%K} disc(p)",
        .hi = kUnbounded,
        .kernel = beyondKernel<efdValues>,
        .needs = kNeedsCatalog | kNeedsTraining,
    };
    return record;
}

} // namespace ranklab
