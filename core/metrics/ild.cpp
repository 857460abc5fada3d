// ild@k = mean over unordered pairs {i, j} ⊂ L_u of 1 − J(A_i, A_j), the
// Jaccard distance of the items' attribute sets; 0 when |L_u| < 2
// (docs/metrics.md). |L_u| = min(k, n) whatever the order of a tie group, so the
// expectation is Σ_pairs P(both in L_u)·d / C(|L_u|, 2): P is the product of
// the two items' shares, except for two items of the group straddling k,
// which are both in with probability t(t − 1)/(g(g − 1)), t slots left.
#include "metrics/beyond_kernels.h"

namespace ranklab {

void ildValues(const BeyondInputs& in, const UserRanking& r, std::span<const std::uint32_t> cutoffs,
               std::span<double> out) {
    static const ItemAttributes kNone;
    const ItemAttributes& attributes = in.items.attributes ? *in.items.attributes : kNone;
    requireItemIds(r);
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        const std::uint32_t k = std::min(cutoffLength(cutoffs[c], r.listLength), r.listLength);
        if (k < 2) {
            out[c] = 0.0;
            continue;
        }
        const std::uint32_t reach = topKReach(r, k);
        // The group straddling k, if any: [s, s + g) with t = k - s slots.
        std::uint32_t s = reach, g = 0;
        for (const TieSpan& t : r.ties)
            if (t.start < k && k < t.start + t.size) {
                s = t.start;
                g = t.size;
            }
        auto share = [&](std::uint32_t p) { return p < s ? 1.0 : double(k - s) / double(g); };
        const double bothInGroup = g > 1 ? double(k - s) * double(k - s - 1) / (double(g) * double(g - 1)) : 0.0;
        double sum = 0;
        for (std::uint32_t p = 0; p < reach; ++p) {
            const auto a = attributes.of(r.items[p]);
            for (std::uint32_t q = p + 1; q < reach; ++q) {
                const double both = p >= s ? bothInGroup : share(p) * share(q);
                if (both > 0) sum += both * jaccardDistance(a, attributes.of(r.items[q]));
            }
        }
        out[c] = sum / (double(k) * double(k - 1) / 2.0);
    }
}

const MetricRecord& ildMetric() {
    static const MetricRecord record{
        .id = "ild",
        .name = "intra-list diversity",
        .definition = "mean Jaccard distance of the attribute sets of two items of the top k (0 with fewer than 2)",
        .formula = "(1/C(|L_u|, 2)) Σ_{i<j ∈ L_u} (1 − |A_i ∩ A_j| / |A_i ∪ A_j|)",
        // Diversity: higher is more diverse.
        .direction = Direction::HigherIsBetter,
        .kernel = beyondKernel<ildValues>,
        .needs = kNeedsCatalog | kNeedsAttributes,
    };
    return record;
}

} // namespace ranklab
