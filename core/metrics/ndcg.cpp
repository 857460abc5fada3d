// ndcg@k = dcg@k / idcg@k, where the ideal ranks all of the user's judged
// grades > 0 in descending order, with the same gain and the same k
// (trec_eval ndcg_cut_k; ndcg@all is trec_eval ndcg). 0 without gains.
#include "metrics/kernels.h"

namespace ranklab {

void expectedDcg(const MetricContext& ctx, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                 std::span<double> out);

void ndcgKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
                std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedDcg(ctx, r, cutoffs, out);
    const auto grades = truth.gradesDescending;
    double ideal = 0;
    std::size_t p = 0;  // ideal positions summed
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        for (; p < grades.size() && p < cutoffs[c] && grades[p] > 0; ++p)
            ideal += gainOf(grades[p], ctx.spec.gain) * ctx.discounts.between(p, p + 1);
        out[c] = ideal > 0 ? out[c] / ideal : 0.0;
    }
}

} // namespace ranklab
