// bpref (Buckley & Voorhees 2004, trec_eval bpref): for each relevant
// retrieved document, 1 - min(n, R) / min(R, N), where n counts the judged
// non-relevant documents ranked above it and N those of the whole query;
// summed and divided by R. Unjudged documents are ignored; a term is 1 when
// min(R, N) = 0. Also the per-query value of gm_bpref.
#include <algorithm>

#include "trec/query_measures.h"

namespace ranklab::trec {

void bpref(const Query& q, std::span<const double>, std::span<double> out) {
    out[0] = 0;
    if (q.numRel == 0) return;
    const double bound = std::min(q.numRel, q.numNonrel);
    double sum = 0, nonrelAbove = 0;
    for (double g : q.ranked) {
        if (q.relevant(g))
            sum += bound > 0 ? 1.0 - std::min<double>(nonrelAbove, q.numRel) / bound : 1.0;
        else if (q.nonrelevant(g))
            ++nonrelAbove;
    }
    out[0] = sum / q.numRel;
}

} // namespace ranklab::trec
