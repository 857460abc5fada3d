// num_ret (n), num_rel (R) and num_rel_ret (hits(n)): counts, as trec_eval.
#include "metrics/kernels.h"

namespace ranklab {

namespace {

void numRetKernel(const MetricContext&, const UserRanking& r, const UserTruth&,
                  std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = r.listLength;
}

void numRelKernel(const MetricContext& ctx, const UserRanking&, const UserTruth& truth,
                  std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = truth.relevantCount(ctx.threshold);
}

void numRelRetKernel(const MetricContext& ctx, const UserRanking& r, const UserTruth&,
                     std::span<const std::uint32_t> cutoffs, std::span<double> out) {
    double hits = 0;
    const std::uint32_t all[1] = {kCutoffAll};
    expectedHits(r, ctx.threshold, all, std::span<double>(&hits, 1));
    for (std::size_t c = 0; c < cutoffs.size(); ++c) out[c] = hits;
}

} // namespace

const MetricRecord& numRetMetric() {
    static const MetricRecord record{
        .id = "num_ret",
        .takesCutoff = false,
        .name = "items ranked",
        .definition = "number of ranked items (after exclusions)",
        .formula = "n (after exclusions)",
        .trecNameAll = "num_ret",
        .hi = kUnbounded,
        .integral = true,
        .direction = Direction::None,
        .kernel = numRetKernel,
    };
    return record;
}

const MetricRecord& numRelMetric() {
    static const MetricRecord record{
        .id = "num_rel",
        .params = {relParameter()},
        .takesCutoff = false,
        .name = "relevant items judged",
        .definition = "number of relevant judged items R",
        .formula = "R",
        .trecNameAll = "num_rel",
        .hi = kUnbounded,
        .integral = true,
        .direction = Direction::None,
        .emptyValue = std::nullopt,  // R does not depend on the list
        .kernel = numRelKernel,
    };
    return record;
}

const MetricRecord& numRelRetMetric() {
    static const MetricRecord record{
        .id = "num_rel_ret",
        .params = {relParameter()},
        .takesCutoff = false,
        .name = "relevant items ranked",
        .definition = "number of relevant items in the ranked list",
        .formula = "hits(n)",
        .trecNameAll = "num_rel_ret",
        .hi = kUnbounded,
        .integral = true,
        .direction = Direction::None,
        .kernel = numRelRetKernel,
    };
    return record;
}

} // namespace ranklab
