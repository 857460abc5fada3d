// rbp_resid: the weight rbp (persistence p) gives to documents it could not
// judge: (1 - p) p^(i-1) for each retrieved document the qrels do not
// judge (absent, or a negative grade), plus the tail p^n past the list when there is such a document
// (trec_eval 10 adds no tail to a fully judged list).
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

void rbpResidual(const Query& q, std::span<const double> params, std::span<double> out) {
    const double p = params.empty() ? 0.9 : params[0];
    double weight = 1 - p, sum = 0;
    bool unjudged = false;
    for (double g : q.ranked) {
        if (Query::unjudged(g)) {
            sum += weight;
            unjudged = true;
        }
        weight *= p;
    }
    out[0] = unjudged ? sum + std::pow(p, double(q.ranked.size())) : 0.0;
}

} // namespace ranklab::trec
