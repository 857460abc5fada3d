// infAP (Yilmaz & Aslam, CIKM 2006; trec_eval infAP): average precision
// estimated from a sample of the pool. Qrels entries with a negative grade are
// pooled documents left unjudged. For a relevant document at rank k > 1,
//   E[precision@k] = 1/k + (k-1)/k * (pooled above / (k-1))
//                    * (rel above + eps) / (rel above + nonrel above + 2 eps),
// with eps = 0.00001; at rank 1 it is 1. Summed and divided by R. Without
// negative grades it equals AP up to eps.
#include "trec/query_measures.h"

namespace ranklab::trec {

void infAP(const Query& q, std::span<const double>, std::span<double> out) {
    constexpr double eps = 0.00001;
    out[0] = 0;
    if (q.numRel == 0) return;
    double sum = 0, pooled = 0, rel = 0, nonrel = 0;
    for (std::size_t i = 0; i < q.ranked.size(); ++i) {
        const double g = q.ranked[i];
        if (q.relevant(g)) {
            const double k = double(i + 1);
            if (i == 0) sum += 1.0;
            else
                sum += 1.0 / k + ((k - 1) / k) * (pooled / (k - 1)) * ((rel + eps) / (rel + nonrel + 2 * eps));
        }
        if (Query::inQrels(g)) ++pooled;
        if (q.relevant(g)) ++rel;
        else if (q.nonrelevant(g)) ++nonrel;
    }
    out[0] = sum / q.numRel;
}

} // namespace ranklab::trec
