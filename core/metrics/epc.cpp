// epc@k = Σ_{p≤k} rel(p)·disc(p)·(1 − n_{i_p}/N) / Σ_{p=1..k} disc(p):
// expected popularity complement (Vargas & Castells 2011; Elliot). k of
// @all is the list length (docs/metrics.md).
#include "metrics/beyond_kernels.h"
#include "metrics/kernels.h"

namespace ranklab {

double discountSum(const Discounts& discounts, std::uint32_t k) {
    const std::size_t known = std::min<std::size_t>(k, discounts.size());
    double sum = discounts.between(0, known);
    for (std::size_t p = known + 1; p <= k; ++p) sum += 1.0 / std::log2(double(p) + 1.0);
    return sum;
}

void epcValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
               std::span<double> out) {
    const double N = double(in.items.trainingUsers);
    discountedRelevantSum(in, r, cutoffs, out,
                          [&](ItemId i) { return N > 0 ? 1.0 - double(in.items.pop(i)) / N : 1.0; });
}

const MetricRecord& epcMetric() {
    static const MetricRecord record{
        .id = "epc",
        .params = {relParameter()},
        .name = "expected popularity complement",
        .definition = "discounted sum over relevant items of the top k of 1 - n_i/N, divided by the sum of the "
                      "discounts 1/log2(p + 1) up to k (Vargas & Castells; Elliot)",
        .formula = "Σ_{p ≤ %K} rel(p)·disc(p)·(1 − n_{i_p}/N) / Σ_{p=1..%K} disc(p), disc(p) = 1/log₂(p + 1)",
        .kernel = beyondKernel<epcValues>,
        .needs = kNeedsCatalog | kNeedsTraining,
    };
    return record;
}

} // namespace ranklab
