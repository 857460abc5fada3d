// Rndcg: nDCG averaged over the R levels (trec_eval 10's m_Rndcg). With the
// ideal ranking's gains I (gains.h; G = its length), a term for each k in
// 1..G where the ideal gain changes after rank k (I[k] != I[k-1], and always
// at k = G): dcg(run, top min(k, n)) / idcg(top k), n the run's length; plus
// the whole-list term dcg(run) / idcg(G) when n >= G + 2 (the list goes at
// least 2 past the graded documents). The mean of the terms. 0 when no
// judged document reaches -l; with no ideal gain > 0 (say -l 0 and only
// grade 0) there is no term and the value is 0/0 (NaN), as trec_eval prints.
// Gains: the grades, or the rel_level=gain parameters.
#include <algorithm>
#include <cmath>

#include "trec/gains.h"
#include "trec/query_measures.h"

namespace ranklab::trec {

void rndcg(const Query& q, std::span<const double> params, std::span<double> out) {
    out[0] = 0;
    if (q.numRel == 0) return;
    const GainTable table = makeGainTable(q, params);
    const std::vector<double> ideal = table.ideal();
    std::vector<double> ranked(q.ranked.size());
    std::transform(q.ranked.begin(), q.ranked.end(), ranked.begin(), [&](double g) { return table.gainOf(g); });
    const std::size_t graded = ideal.size(), n = ranked.size();
    double sum = 0;
    std::size_t terms = 0;
    for (std::size_t k = 1; k <= graded; ++k) {
        if (k < graded && ideal[k] == ideal[k - 1]) continue;
        sum += discountedSum(ranked, std::min(k, n)) / discountedSum(ideal, k);
        ++terms;
    }
    if (graded > 0 && n >= graded + 2) {
        sum += discountedSum(ranked, n) / discountedSum(ideal, graded);
        ++terms;
    }
    out[0] = sum / double(terms);
}

} // namespace ranklab::trec
