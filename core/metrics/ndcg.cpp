// ndcg@k = dcg@k / idcg@k, where the ideal ranks all of the user's judged
// grades > 0 in descending order, with the same gain and the same k
// (trec_eval ndcg_cut_k; ndcg@all is trec_eval ndcg). 0 without gains.
#include "metrics/kernels.h"

namespace ranklab {

namespace {

constexpr std::size_t kGain = 0;  // the one parameter

void ndcgKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
                std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    const Gain gain = Gain(ctx.spec.param(kGain));
    expectedDcg(ctx, r, gain, cutoffs, out);
    const auto grades = truth.gradesDescending;
    double ideal = 0;
    std::size_t p = 0;  // ideal positions summed
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        for (; p < grades.size() && p < cutoffs[c] && grades[p] > 0; ++p)
            ideal += gainOf(grades[p], gain) * ctx.discounts.between(p, p + 1);
        out[c] = ideal > 0 ? out[c] / ideal : 0.0;
    }
}

} // namespace

const MetricRecord& ndcgMetric() {
    static const MetricRecord record{
        .id = "ndcg",
        .params = {gainParameter()},
        .notParams = {kGainsUseTheGrade},
        .name = "normalised discounted cumulative gain",
        .definition = "dcg@k divided by the dcg@k of the ideal order of the user's judged grades (trec_eval ndcg_cut)",
        .formula = "dcg@%K / idcg@%K, dcg = Σ_{p ≤ %K} %{gain} / log₂(p + 1); the ideal list holds all the user's "
                   "judged grades > 0, sorted descending (same gain, same cutoff)",
        .trecName = "ndcg_cut_%K",
        .trecNameAll = "ndcg",
        .kernel = ndcgKernel,
    };
    return record;
}

} // namespace ranklab
