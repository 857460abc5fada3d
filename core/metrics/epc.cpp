// epc@k = Σ_{p≤k} rel(p)·disc(p)·(1 − n_{i_p}/N) / Σ_{p=1..k} disc(p):
// expected popularity complement (Vargas & Castells 2011; Elliot). k of
// @all is the list length (METRICS.md).
#include "metrics/beyond_kernels.h"

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

} // namespace ranklab
