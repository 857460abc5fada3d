// novelty@k = (1/|L_u|) Σ_{i∈L_u} −log2(max(n_i, 1) / N): the mean
// self-information of the recommended items; an item no training user has
// counts as one user (METRICS.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void noveltyValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                   std::span<double> out) {
    sumOverTopK(r, cutoffs, out, /*mean=*/true, [&](ItemId i) { return in.items.noveltyOf(i); });
}

} // namespace ranklab
