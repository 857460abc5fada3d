// ndcg@k = dcg@k / idcg@k, where the ideal ranks all of the user's judged
// grades > 0 in descending order, with the same gain and the same k
// (trec_eval ndcg_cut_k; ndcg@all is trec_eval ndcg). 0 without gains.
// ideal=run builds the ideal from the grades of the run's own items instead
// (TorchMetrics: the ideal sorts the targets it was given).
#include <algorithm>
#include <functional>
#include <vector>

#include "metrics/kernels.h"

namespace ranklab {

namespace {

// The parameters, in declared order, and ideal's choices.
constexpr std::size_t kGain = 0;
constexpr std::size_t kIdeal = 1;
constexpr double kIdealRun = 1;

void ndcgKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
                std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    const Gain gain = Gain(ctx.spec.param(kGain));
    expectedDcg(ctx, r, gain, cutoffs, out);
    std::vector<double> ranGrades;  // ideal=run: the run's judged grades, descending
    auto grades = truth.gradesDescending;
    if (ctx.spec.param(kIdeal) == kIdealRun) {
        for (const RankedGroup& g : r.groups)
            for (std::uint32_t i = 0; i < g.gradeCount; ++i) ranGrades.push_back(r.grades[g.firstGrade + i]);
        std::sort(ranGrades.begin(), ranGrades.end(), std::greater<double>());
        grades = ranGrades;
    }
    double ideal = 0;
    std::size_t p = 0;  // ideal positions summed
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        for (; p < grades.size() && p < cutoffs[c] && grades[p] > 0; ++p)
            ideal += gainOf(grades[p], gain, ctx.threshold) * ctx.discounts.between(p, p + 1);
        out[c] = ideal > 0 ? out[c] / ideal : 0.0;
    }
}

} // namespace

const MetricRecord& ndcgMetric() {
    static const MetricRecord record{
        .id = "ndcg",
        .params = {gainParameter(),
                   MetricParam{.name = "ideal",
                               .label = "Ideal list",
                               .description = "the grades the ideal order ranks",
                               .choices = {{.value = "judged",
                                            .label = "all the user's judged grades",
                                            .formula = "all the user's judged grades > 0"},
                                           {.value = "run",
                                            .label = "the grades of the run's items (TorchMetrics)",
                                            .formula = "the grades > 0 of the run's own items"}}}},
        .notParams = {kGainsUseTheGrade},
        .name = "normalised discounted cumulative gain",
        .definition = "dcg@k divided by the dcg@k of the ideal order of the user's judged grades (trec_eval ndcg_cut)",
        .formula = "dcg@%K / idcg@%K, dcg = Σ_{p ≤ %K} %{gain} / log₂(p + 1); the ideal list holds %{ideal}, "
                   "sorted descending (same gain, same cutoff)",
        .trecName = "ndcg_cut_%K",
        .trecNameAll = "ndcg",
        .kernel = ndcgKernel,
    };
    return record;
}

} // namespace ranklab
