// dcg@k = sum over p <= k of gain(g(p)) / log2(p + 1). Under ties each
// position of a group gets the group's mean gain (unjudged items: 0).
#include "metrics/kernels.h"

namespace ranklab {

void expectedDcg(const MetricContext& ctx, const UserRanking& r, Gain gain, std::span<const std::uint32_t> cutoffs,
                 std::span<double> out) {
    std::size_t c = 0;
    double sum = 0;
    for (const RankedGroup& g : r.groups) {
        double total = 0;
        for (std::uint32_t i = 0; i < g.gradeCount; ++i) total += gainOf(r.grades[g.firstGrade + i], gain, ctx.threshold);
        if (total == 0) continue;
        const double mean = total / double(g.size);
        for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) <= g.start; ++c) out[c] = sum;
        for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) < g.start + g.size; ++c)
            out[c] = sum + mean * ctx.discounts.between(g.start, effective(cutoffs[c], r.listLength));
        sum += mean * ctx.discounts.between(g.start, g.start + g.size);
    }
    for (; c < cutoffs.size(); ++c) out[c] = sum;
}

MetricParam gainParameter() {
    return MetricParam{
        .name = "gain",
        .label = "Gain",
        .description = "g(p): the grade at position p (0 if unjudged); lin and exp use the grade itself whatever θ is, "
                       "negative grades give no gain; bin gives 1 to a relevant item (grade ≥ θ)",
        .choices = {{.value = "lin", .label = "linear (grade)", .aliases = {"linear"}, .formula = "g(p)"},
                    {.value = "exp",
                     .label = "exponential (2^grade − 1)",
                     .aliases = {"exponential"},
                     .formula = "(2^{g(p)} − 1)"},
                    {.value = "bin",
                     .label = "binary (1 if relevant)",
                     .aliases = {"binary"},
                     .formula = "rel(p)"}}};
}

namespace {

constexpr std::size_t kGain = 0;  // the one parameter

void dcgKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
               std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedDcg(ctx, r, Gain(ctx.spec.param(kGain)), cutoffs, out);
}

} // namespace

const MetricRecord& dcgMetric() {
    static const MetricRecord record{
        .id = "dcg",
        .params = {gainParameter()},
        .notParams = {kGainsUseTheGrade},
        .name = "discounted cumulative gain",
        .definition = "sum of gain(grade) / log2(rank + 1) over the top k; gain=lin: grade, gain=exp: 2^grade - 1",
        .formula = "Σ_{p ≤ %K} %{gain} / log₂(p + 1)",
        .trecNameAll = "dcg",
        .hi = kUnbounded,
        .kernel = dcgKernel,
    };
    return record;
}

} // namespace ranklab
