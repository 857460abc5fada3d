// ndcg_rel: nDCG averaged over the relevant documents, as AP averages
// precision. A relevant document retrieved at rank i adds
// dcg(i) / ideal_dcg(min(i, number of grades > 0)); each relevant document
// not retrieved adds the nDCG of the whole list; the sum is divided by R.
// Gains are the grades; the ideal ranks every judged grade > 0; relevant
// means a grade > 0, like the gains, whatever -l says.
// (Fitted to trec_eval 10.0's output on every golden case.)
#include <algorithm>
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

void ndcgRel(const Query& q, std::span<const double>, std::span<double> out) {
    out[0] = 0;
    const std::uint32_t relevant = q.gainCount();
    if (relevant == 0 || q.ranked.empty()) return;
    std::vector<double> ideal;  // ideal[i]: ideal DCG of the top i + 1
    double sum = 0;
    for (std::size_t i = 0; i < q.judged.size() && q.judged[i] > 0; ++i) {
        sum += q.judged[i] / std::log2(double(i + 2));
        ideal.push_back(sum);
    }
    if (ideal.empty()) return;
    double dcg = 0, total = 0;
    std::uint32_t found = 0;
    for (std::size_t i = 0; i < q.ranked.size(); ++i) {
        const double g = q.ranked[i];
        if (g > 0) dcg += g / std::log2(double(i + 2));
        if (g > 0) {
            total += dcg / ideal[std::min(i, ideal.size() - 1)];
            ++found;
        }
    }
    total += double(relevant - found) * dcg / ideal.back();
    out[0] = total / relevant;
}

} // namespace ranklab::trec
