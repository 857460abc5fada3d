// ndcg_rel: nDCG averaged over the relevant documents, as AP averages
// precision (trec_eval 10's m_ndcg_rel). Relevant means a gain > 0. With the
// ideal ranking's gains I (gains.h, G = its length): a retrieved document
// with a gain > 0 at rank i (0-based) adds dcg(top i + 1) / idcg(top
// min(i + 1, G)); each of the G - (those retrieved) others adds the nDCG of
// the whole list; the sum is divided by G. 0 when the sum is not > 0.
// Gains: the grades, or the rel_level=gain parameters; -l does not change it.
#include <algorithm>
#include <cmath>

#include "trec/gains.h"
#include "trec/query_measures.h"

namespace ranklab::trec {

void ndcgRel(const Query& q, std::span<const double> params, std::span<double> out) {
    out[0] = 0;
    const GainTable table = makeGainTable(q, params);
    const std::vector<double> ideal = table.ideal();
    std::vector<double> idealDcg;  // idealDcg[k]: idcg of the top k
    idealDcg.push_back(0);
    for (std::size_t k = 0; k < ideal.size(); ++k) idealDcg.push_back(idealDcg.back() + ideal[k] / std::log2(double(k + 2)));
    const auto relevant = static_cast<double>(ideal.size());
    double dcg = 0, sum = 0, found = 0;
    for (std::size_t i = 0; i < q.ranked.size(); ++i) {
        const double g = table.gainOf(q.ranked[i]);
        if (g != 0) dcg += g / std::log2(double(i + 2));
        if (g > 0) {
            sum += dcg / idealDcg[std::min(i + 1, ideal.size())];
            ++found;
        }
    }
    sum += (relevant - found) * dcg / idealDcg.back();
    if (sum > 0) out[0] = sum / relevant;
}

} // namespace ranklab::trec
