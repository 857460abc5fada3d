// iprec_at_recall_L: interpolated precision at recall level L, the highest
// precision at any rank holding at least round(L * R) relevant documents
// (trec_eval 10 rounds the count half up: at R = 3, level 0.40 needs one
// relevant document). 0 when R = 0.
#include <algorithm>

#include "trec/query_measures.h"

namespace ranklab::trec {

void iprecAtRecall(const Query& q, std::span<const double> levels, std::span<double> out) {
    std::fill(out.begin(), out.end(), 0.0);
    if (q.numRel == 0) return;
    std::vector<long> needed(levels.size());
    for (std::size_t l = 0; l < levels.size(); ++l) needed[l] = static_cast<long>(levels[l] * q.numRel + 0.5);
    long hits = 0;
    for (std::size_t i = 0; i < q.ranked.size(); ++i) {
        if (!q.relevant(q.ranked[i])) continue;
        ++hits;
        const double precision = double(hits) / double(i + 1);
        for (std::size_t l = 0; l < levels.size(); ++l)
            if (hits >= needed[l]) out[l] = std::max(out[l], precision);
    }
}

} // namespace ranklab::trec
