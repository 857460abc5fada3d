// arp@k = (1/|L_u|) Σ_{i∈L_u} n_i: average recommendation popularity
// (Elliot ARP), n_i the distinct training users of item i (docs/metrics.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void arpValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
               std::span<double> out) {
    sumOverTopK(r, cutoffs, out, /*mean=*/true, [&](ItemId i) { return double(in.items.pop(i)); });
}

const MetricRecord& arpMetric() {
    static const MetricRecord record{
        .id = "arp",
        .name = "average recommendation popularity",
        .definition = "mean over the top k of n_i, the number of training users who have item i (Elliot ARP)",
        .formula = "(1/|L_u|) Σ_{i ∈ L_u} n_i, |L_u| = min(%K, n)",
        .hi = kUnbounded,
        // Popularity bias: a lower value recommends less popular items.
        .direction = Direction::LowerIsBetter,
        .kernel = beyondKernel<arpValues>,
        .needs = kNeedsCatalog | kNeedsTraining,
    };
    return record;
}

} // namespace ranklab
