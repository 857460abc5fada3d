// ap@k = sum over relevant positions p <= k of hits(p)/p, divided by R
// (norm=R, trec_eval map_cut), by min(R, k) (norm=min), or by hits(k), the
// relevant items retrieved in the top k (norm=hits, TorchMetrics). norm=k is
// Elliot's MAP: the mean of precision@1..precision@k. Under ties, a
// position at offset i of a group of m items holding r relevant, after H
// relevant items in earlier groups, contributes in expectation
//   (r/m) * (H + 1 + (i-1)(r-1)/(m-1)) / p.
// norm=hits divides by a random count when a tie group straddles k: the
// expectation is taken over the hypergeometric number x of that group's
// relevant items inside the top k; given x, they fill a uniformly random
// x-subset of the group's t slots inside k.
#include <algorithm>
#include <cmath>

#include "metrics/kernels.h"

namespace ranklab {
namespace {

// The parameters, in declared order, and norm's choices.
constexpr std::size_t kNorm = 0;
constexpr double kNormMin = 1;
constexpr double kNormHits = 2;
constexpr double kNormK = 3;

double logChoose(double n, double k) { return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1); }

// E[ sum_{relevant p <= k} hits(p)/p  /  hits(k) ] (0 when hits(k) = 0).
double expectedApByHits(const UserRanking& r, double threshold, std::uint32_t k) {
    double fixed = 0, before = 0;  // over groups wholly inside the top k
    for (const RankedGroup& g : r.groups) {
        if (g.start >= k) break;
        const std::uint32_t rel = relevantIn(g, r, threshold);
        if (rel == 0) continue;
        const double m = g.size;
        if (g.start + g.size <= k) {
            const double share = double(rel) / m, within = g.size > 1 ? double(rel - 1) / (m - 1) : 0.0;
            for (std::uint32_t i = 1; i <= g.size; ++i)
                fixed += share * (before + 1 + double(i - 1) * within) / double(g.start + i);
            before += rel;
            continue;
        }
        // The group straddles k: t of its m slots are inside.
        const std::uint32_t t = k - g.start;
        double value = 0;
        for (std::uint32_t x = (t + rel > g.size ? t + rel - g.size : 0); x <= std::min(t, rel); ++x) {
            const double px = std::exp(logChoose(rel, x) + logChoose(m - rel, t - x) - logChoose(m, t));
            if (before + x == 0) continue;
            double sum = fixed;
            const double within = t > 1 ? double(x - (x > 0)) / double(t - 1) : 0.0;
            for (std::uint32_t i = 1; i <= t && x > 0; ++i)
                sum += (double(x) / t) * (before + 1 + double(i - 1) * within) / double(g.start + i);
            value += px * sum / (before + x);
        }
        return value;
    }
    return before > 0 ? fixed / before : 0.0;
}

// Elliot's MAP@k: (1/k) sum_{n=1..k} E[hits(n)]/n, positions past the list
// counting as misses.
double meanPrecisionUpTo(const UserRanking& r, double threshold, std::uint32_t k) {
    if (k == 0) return 0.0;
    double sum = 0, before = 0;
    std::uint32_t n = 1;  // next position whose precision is added
    auto addUpTo = [&](std::uint32_t last, double hits) {
        for (; n <= last && n <= k; ++n) sum += hits / double(n);
    };
    for (const RankedGroup& g : r.groups) {
        if (g.start >= k) break;
        const std::uint32_t rel = relevantIn(g, r, threshold);
        if (rel == 0) continue;
        addUpTo(g.start, before);
        for (std::uint32_t i = 1; i <= g.size; ++i) addUpTo(g.start + i, before + double(rel) * i / double(g.size));
        before += rel;
    }
    addUpTo(k, before);
    return sum / double(k);
}

void averagePrecisionKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth& truth,
                            std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    const double relevant = truth.relevantCount(ctx.threshold);
    if (ctx.spec.param(kNorm) == kNormHits || ctx.spec.param(kNorm) == kNormK) {
        for (std::size_t c = 0; c < cutoffs.size(); ++c) {
            const std::uint32_t k = cutoffs[c] == kCutoffAll ? r.listLength : cutoffs[c];
            out[c] = ctx.spec.param(kNorm) == kNormHits ? expectedApByHits(r, ctx.threshold, std::min(k, r.listLength))
                                                        : meanPrecisionUpTo(r, ctx.threshold, k);
        }
        return;
    }
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
                                            .formula = "min(R, %K)"},
                                           {.value = "hits",
                                            .label = "hits(k): the relevant items retrieved (TorchMetrics)",
                                            .formula = "hits(%K)"},
                                           {.value = "k",
                                            .label = "k, summing every position's precision (Elliot's MAP)",
                                            .formula = "%K, summing hits(p)/p over every p ≤ %K, relevant or not"}}},
                   relParameter()},
        .name = "average precision",
        .definition = "sum of precision at each relevant rank <= k, divided by R (norm=min: by min(R, k); norm=hits: by "
                      "the relevant items retrieved; norm=k: mean of precision@1..k); mean: MAP",
        .formula = "Σ_{p ≤ %K, rel(p)} hits(p)/p ÷ %{norm}",
        .meanName = "MAP",
        .trecName = "map_cut_%K",
        .trecNameAll = "map",
        .kernel = averagePrecisionKernel,
    };
    return record;
}

} // namespace ranklab
