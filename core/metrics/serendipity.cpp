// serendipity@k = (1/|L_u|) Σ_{i∈L_u} rel(i)·(1 − max_{j∈train_u} J(A_i, A_j)):
// relevant items unlike what the user already had, J the Jaccard similarity
// of attribute sets; a user without training items counts max = 0
// (docs/metrics.md). Only relevant items add, so the sum walks the judged groups.
#include "metrics/beyond_kernels.h"
#include "metrics/kernels.h"

namespace ranklab {

void serendipityValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
                       std::span<double> out) {
    static const ItemAttributes kNone;
    const ItemAttributes& attributes = in.items.attributes ? *in.items.attributes : kNone;
    const auto train = in.items.trainingOf(r.user);
    auto unexpectedness = [&](ItemId i) {
        double most = 0;  // max similarity over the training items
        const auto a = attributes.of(i);
        for (ItemId j : train) most = std::max(most, 1.0 - jaccardDistance(a, attributes.of(j)));
        return 1.0 - most;
    };
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        const std::uint32_t k = std::min(cutoffLength(cutoffs[c], r.listLength), r.listLength);
        double sum = 0;
        for (const RankedGroup& g : r.groups) {
            if (g.start >= k) break;
            const double share = topKShare(g.start, g.size, k);
            for (std::uint32_t j = 0; j < g.gradeCount; ++j)
                if (r.grades[g.firstGrade + j] >= in.threshold) sum += share * unexpectedness(r.gradeItems[g.firstGrade + j]);
        }
        out[c] = k > 0 ? sum / double(k) : 0.0;
    }
}

const MetricRecord& serendipityMetric() {
    static const MetricRecord record{
        .id = "serendipity",
        .params = {relParameter()},
        .name = "serendipity",
        .definition = "share of the top k that is relevant and unlike the user's training items (1 - the largest "
                      "Jaccard similarity of attribute sets)",
        .formula = "(1/|L_u|) Σ_{i ∈ L_u} rel(i)·(1 − max_{j ∈ train_u} J(A_i, A_j))",
        .kernel = beyondKernel<serendipityValues>,
        .needs = kNeedsCatalog | kNeedsAttributes,
    };
    return record;
}

} // namespace ranklab
