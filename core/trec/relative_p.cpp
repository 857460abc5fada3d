// relative_P_k: relevant documents in the top k divided by the most there
// could be, min(k, R). 0 when R = 0.
#include <algorithm>

#include "trec/query_measures.h"

namespace ranklab::trec {

void relativeP(const Query& q, std::span<const double> cutoffs, std::span<double> out) {
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        const double k = cutoffs[c];
        std::size_t hits = 0;
        for (std::size_t i = 0; double(i) < k && i < q.ranked.size(); ++i) hits += q.relevant(q.ranked[i]);
        const double best = std::min<double>(k, q.numRel);
        out[c] = best > 0 ? double(hits) / best : 0.0;
    }
}

} // namespace ranklab::trec
