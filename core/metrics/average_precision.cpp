// ap@k = sum over relevant positions p <= k of hits(p)/p, divided by R
// (norm=R, trec_eval map_cut) or by min(R, k) (norm=min). Under ties, a
// position at offset i of a group of m items holding r relevant, after H
// relevant items in earlier groups, contributes in expectation
//   (r/m) * (H + 1 + (i-1)(r-1)/(m-1)) / p.
#include "metrics/kernels.h"

namespace ranklab {
namespace {

// The parameters, in declared order, and norm's choices.
constexpr std::size_t kNorm = 0;
constexpr double kNormMin = 1;

void averagePrecisionKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
                            std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    const double relevant = truth.relevantCount(ctx.threshold);
    std::size_t c = 0;
    double sum = 0, before = 0;
    const bool byMin = ctx.spec.param(kNorm) == kNormMin;
    auto emit = [&](std::size_t index) {
        double k = cutoffs[index] == kCutoffAll ? relevant : double(cutoffs[index]);
        double norm = byMin ? std::min(relevant, k) : relevant;
        out[index] = norm > 0 ? sum / norm : 0.0;
    };
    for (const RankedGroup& g : r.groups) {
        const std::uint32_t rel = relevantIn(g, r, ctx.threshold);
        if (rel == 0) continue;
        for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) <= g.start; ++c) emit(c);
        const double m = g.size, share = double(rel) / m;
        const double within = g.size > 1 ? double(rel - 1) / (m - 1) : 0.0;
        for (std::uint32_t i = 1; i <= g.size; ++i) {
            sum += share * (before + 1 + double(i - 1) * within) / double(g.start + i);
            for (; c < cutoffs.size() && effective(cutoffs[c], r.listLength) == g.start + i; ++c) emit(c);
        }
        before += rel;
    }
    for (; c < cutoffs.size(); ++c) emit(c);
}

} // namespace

const MetricRecord& averagePrecisionMetric() {
    static const MetricRecord record{
        .id = "ap",
        .aliases = {"map"},
        .params = {MetricParam{.name = "norm",
                               .label = "AP normalisation",
                               .description = "what the sum of precisions is divided by",
                               .choices = {{.value = "R", .label = "R (all relevant)", .aliases = {"r"}, .formula = "R"},
                                           {.value = "min",
                                            .label = "min(R, k): the recommender-systems convention (RecBole)",
                                            .formula = "min(R, %K)"}}},
                   relParameter()},
        .name = "average precision",
        .definition = "sum of precision at each relevant rank <= k, divided by R (norm=min: by min(R, k)); mean: MAP",
        .formula = "Σ_{p ≤ %K, rel(p)} hits(p)/p ÷ %{norm}",
        .meanName = "MAP",
        .trecName = "map_cut_%K",
        .trecNameAll = "map",
        .kernel = averagePrecisionKernel,
    };
    return record;
}

} // namespace ranklab
