// aclt@k = #(L_u ∩ tail): the count of long-tail items (tail as for aplt,
// aclt(head=share)) (METRICS.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void acltValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                std::span<double> out) {
    const std::uint32_t head = in.items.headThreshold(in.headShare);
    sumOverTopK(r, cutoffs, out, /*mean=*/false, [&](ItemId i) { return in.items.inTail(i, head) ? 1.0 : 0.0; });
}

} // namespace ranklab
