// efd@k = Σ_{p≤k} rel(p)·disc(p)·(−log2(max(n_{i_p}, 1)/P)) / Σ_{p=1..k}
// disc(p): expected free discovery (Vargas & Castells 2011; Elliot), P the
// distinct training pairs of the catalogue (METRICS.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void efdValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
               std::span<double> out) {
    discountedRelevantSum(in, r, cutoffs, out, [&](ItemId i) { return in.items.freeDiscoveryOf(i); });
}

} // namespace ranklab
