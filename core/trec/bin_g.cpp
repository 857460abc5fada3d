// binG: for the k-th relevant document, retrieved at rank i, a gain of
// 1 / log2(i - k + 2), discounted by the non-relevant documents above it
// only; summed and divided by R. (Fitted to trec_eval 10.0's output on
// every golden case: tests/data/golden.)
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

void binG(const Query& q, std::span<const double>, std::span<double> out) {
    out[0] = 0;
    if (q.numRel == 0) return;
    double sum = 0;
    std::size_t k = 0;
    for (std::size_t i = 0; i < q.ranked.size(); ++i) {
        if (!q.relevant(q.ranked[i])) continue;
        ++k;
        sum += 1.0 / std::log2(double(i + 1 - k + 2));
    }
    out[0] = sum / q.numRel;
}

} // namespace ranklab::trec
