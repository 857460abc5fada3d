// dcg@k = sum over p <= k of gain(g(p)) / log2(p + 1). Under ties each
// position of a group gets the group's mean gain (unjudged items: 0).
#include "metrics/kernels.h"

namespace ranklab {

void expectedDcg(const MetricContext& ctx, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                 std::span<double> out) {
    std::size_t c = 0;
    double sum = 0;
    for (const RankedGroup& g : r.groups) {
        double total = 0;
        for (std::uint32_t i = 0; i < g.gradeCount; ++i) total += gainOf(r.grades[g.firstGrade + i], ctx.spec.gain);
        if (total == 0) continue;
        const double mean = total / double(g.size);
        for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) <= g.start; ++c) out[c] = sum;
        for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) < g.start + g.size; ++c)
            out[c] = sum + mean * ctx.discounts.between(g.start, effective(cutoffs[c], r.listLength));
        sum += mean * ctx.discounts.between(g.start, g.start + g.size);
    }
    for (; c < cutoffs.size(); ++c) out[c] = sum;
}

void dcgKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
               std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    expectedDcg(ctx, r, cutoffs, out);
}

} // namespace ranklab
