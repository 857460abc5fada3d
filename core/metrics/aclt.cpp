// aclt@k = #(L_u ∩ tail): the count of long-tail items (tail as for aplt,
// aclt(head=share)) (docs/metrics.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void acltValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                std::span<double> out) {
    const std::uint32_t head = in.items.headThreshold(in.headShare);
    sumOverTopK(r, cutoffs, out, /*mean=*/false, [&](ItemId i) { return in.items.inTail(i, head) ? 1.0 : 0.0; });
}

MetricParam headParameter();  // aplt.cpp

const MetricRecord& acltMetric() {
    static const MetricRecord record{
        .id = "aclt",
        .params = {headParameter()},
        .name = "average coverage of long-tail items",
        .definition = "number of items of the top k outside the short head (as aplt)",
        .formula = "#(L_u ∩ tail), tail = I minus the short head of share %{head}",
        .hi = kUnbounded,
        .integral = true,
        .direction = Direction::HigherIsBetter,
        .kernel = headShareKernel<acltValues>,
        .needs = kNeedsCatalog | kNeedsTraining,
    };
    return record;
}

} // namespace ranklab
