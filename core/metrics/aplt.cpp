// aplt@k = #(L_u ∩ tail) / |L_u|: the share of long-tail items, the tail
// being the catalogue minus the short head of aplt(head=share) (METRICS.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void apltValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                std::span<double> out) {
    const std::uint32_t head = in.items.headThreshold(in.headShare);
    sumOverTopK(r, cutoffs, out, /*mean=*/true, [&](ItemId i) { return in.items.inTail(i, head) ? 1.0 : 0.0; });
}

} // namespace ranklab
