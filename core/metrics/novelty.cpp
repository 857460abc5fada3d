// novelty@k = (1/|L_u|) Σ_{i∈L_u} −log2(max(n_i, 1) / N): the mean
// self-information of the recommended items; an item no training user has
// counts as one user (docs/metrics.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void noveltyValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                   std::span<double> out) {
    sumOverTopK(r, cutoffs, out, /*mean=*/true, [&](ItemId i) { return in.items.noveltyOf(i); });
}

const MetricRecord& noveltyMetric() {
    static const MetricRecord record{
        .id = "novelty",
        .name = "novelty (mean self-information)",
        .definition = "mean over the top k of -log2(n_i / N): n_i training users of item i (at least 1), N training "
                      "users",
        .formula = "(1/|L_u|) Σ_{i ∈ L_u} −log₂(max(n_i, 1) / N), |L_u| = min(%K, n)",
        .hi = kUnbounded,
        // Less popular items carry more information: higher is more novel.
        .direction = Direction::HigherIsBetter,
        .kernel = beyondKernel<noveltyValues>,
        .needs = kNeedsCatalog | kNeedsTraining,
    };
    return record;
}

} // namespace ranklab
