// ndcg, dcg and ideal_dcg with rel_level=gain parameters (trec_eval 10's
// m_ndcg; without parameters the engine's ndcg and dcg give the same
// values): dcg sums gain / log2(rank + 1) over the whole run, ideal_dcg over
// the ideal ranking (gains.h), ndcg is their ratio (0 when ideal_dcg is 0).
#include "trec/gains.h"
#include "trec/query_measures.h"

namespace ranklab::trec {
namespace {

struct DcgPair {
    double dcg = 0, ideal = 0;
};

DcgPair dcgPair(const Query& q, std::span<const double> params) {
    const GainTable table = makeGainTable(q, params);
    std::vector<double> ranked;
    ranked.reserve(q.ranked.size());
    for (double g : q.ranked) ranked.push_back(table.gainOf(g));
    const std::vector<double> ideal = table.ideal();
    return {discountedSum(ranked, ranked.size()), discountedSum(ideal, ideal.size())};
}

} // namespace

void gainNdcg(const Query& q, std::span<const double> params, std::span<double> out) {
    const DcgPair d = dcgPair(q, params);
    out[0] = d.ideal > 0 ? d.dcg / d.ideal : 0.0;
}

void gainDcg(const Query& q, std::span<const double> params, std::span<double> out) {
    out[0] = dcgPair(q, params).dcg;
}

void gainIdealDcg(const Query& q, std::span<const double> params, std::span<double> out) {
    out[0] = dcgPair(q, params).ideal;
}

} // namespace ranklab::trec
