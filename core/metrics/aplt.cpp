// aplt@k = #(L_u ∩ tail) / |L_u|: the share of long-tail items, the tail
// being the catalogue minus the short head of aplt(head=share) (docs/metrics.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

void apltValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                std::span<double> out) {
    const std::uint32_t head = in.items.headThreshold(in.headShare);
    sumOverTopK(r, cutoffs, out, /*mean=*/true, [&](ItemId i) { return in.items.inTail(i, head) ? 1.0 : 0.0; });
}

MetricParam headParameter() {
    return MetricParam{.name = "head",
                               .kind = ParamKind::Number,
                               .label = "Short head",
                               .description = "the share of the training interactions P the short head holds "
                                              "(ties with its least popular item join it)",
                               .defaultValue = 0.8,
                               .min = 0.0,
                               .max = 1.0,
                               .minOpen = true};
}

const MetricRecord& apltMetric() {
    static const MetricRecord record{
        .id = "aplt",
        .params = {headParameter()},
        .name = "average percentage of long-tail items",
        .definition = "share of the top k outside the short head (catalogue items by training popularity up to "
                      "head = 0.8 of the interactions, ties included)",
        .formula = "#(L_u ∩ tail) / |L_u|, tail = I minus the short head of share %{head}, |L_u| = min(%K, n)",
        // Long-tail exposure: higher recommends more of the tail.
        .direction = Direction::HigherIsBetter,
        .kernel = headShareKernel<apltValues>,
        .needs = kNeedsCatalog | kNeedsTraining,
    };
    return record;
}

} // namespace ranklab
