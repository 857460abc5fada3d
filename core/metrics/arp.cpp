// arp@k = (1/|L_u|) Σ_{i∈L_u} n_i: average recommendation popularity
// (Elliot ARP), n_i the distinct training users of item i (METRICS.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void arpValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
               std::span<double> out) {
    sumOverTopK(r, cutoffs, out, /*mean=*/true, [&](ItemId i) { return double(in.items.pop(i)); });
}

} // namespace ranklab
