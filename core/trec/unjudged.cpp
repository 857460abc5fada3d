// unj_k: the share of the top k that the qrels do not judge (absent, or a
// negative grade); positions past the end of the list count as judged.
#include "trec/query_measures.h"

namespace ranklab::trec {

void unjudged(const Query& q, std::span<const double> cutoffs, std::span<double> out) {
    for (std::size_t c = 0; c < cutoffs.size(); ++c) {
        std::size_t n = 0;
        for (std::size_t i = 0; double(i) < cutoffs[c] && i < q.ranked.size(); ++i) n += Query::unjudged(q.ranked[i]);
        out[c] = cutoffs[c] > 0 ? double(n) / cutoffs[c] : 0.0;
    }
}

} // namespace ranklab::trec
