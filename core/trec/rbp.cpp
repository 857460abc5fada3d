// rbp (Moffat & Zobel 2008, persistence p, default 0.9):
// (1 - p) * sum over ranks i of p^(i-1) * grade / (the query's highest
// grade), over the documents with a grade > 0 (like ndcg, rbp ignores -l).
#include <algorithm>
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

void rbp(const Query& q, std::span<const double> params, std::span<double> out) {
    const double p = params.empty() ? 0.9 : params[0];
    out[0] = 0;
    if (q.judged.empty() || q.judged.front() <= 0) return;
    const double top = q.judged.front();
    double weight = 1 - p, sum = 0;
    for (double g : q.ranked) {
        if (g > 0) sum += weight * g / top;
        weight *= p;
    }
    out[0] = sum;
}

} // namespace ranklab::trec
