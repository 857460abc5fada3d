// Rprec_mult_X: precision at rank ceil(X * R), X a multiple of R (0.2 ...
// 2.0); 0 when that rank is 0.
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

void rprecMult(const Query& q, std::span<const double> multiples, std::span<double> out) {
    for (std::size_t m = 0; m < multiples.size(); ++m) {
        // The small margin keeps 1.2 * 5 = 6.000000000000001 at rank 6.
        const auto cutoff = static_cast<std::size_t>(std::max(0.0, std::ceil(multiples[m] * q.numRel - 1e-9)));
        std::size_t hits = 0;
        for (std::size_t i = 0; i < cutoff && i < q.ranked.size(); ++i) hits += q.relevant(q.ranked[i]);
        out[m] = cutoff > 0 ? double(hits) / double(cutoff) : 0.0;
    }
}

} // namespace ranklab::trec
