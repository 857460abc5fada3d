// Rndcg: nDCG averaged over the relevance levels. For each grade g present
// among the judged grades > 0, the nDCG at the number of documents graded
// >= g; plus the nDCG of the whole list when the list is at least 3 longer
// than the number of graded documents. Gains are the grades (-l does not
// change it, like ndcg). (Fitted to trec_eval 10.0's output on every golden
// case; the golden lists never end exactly 2 past that number, so that one
// case of the rule is a guess.)
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {
namespace {

// DCG of the first k grades (grades <= 0 give nothing).
double dcgAt(const std::vector<double>& grades, std::size_t k) {
    double sum = 0;
    for (std::size_t i = 0; i < k && i < grades.size(); ++i)
        if (grades[i] > 0) sum += grades[i] / std::log2(double(i + 2));
    return sum;
}

} // namespace

void rndcg(const Query& q, std::span<const double>, std::span<double> out) {
    out[0] = 0;
    const std::size_t graded = q.gainCount();
    if (graded == 0) return;
    double sum = 0;
    std::size_t terms = 0;
    for (std::size_t i = 0; i < graded; ++i) {
        if (i + 1 < graded && q.judged[i + 1] == q.judged[i]) continue;  // the last document of a grade
        sum += dcgAt(q.ranked, i + 1) / dcgAt(q.judged, i + 1);
        ++terms;
    }
    if (q.ranked.size() >= graded + 3) {
        sum += dcgAt(q.ranked, q.ranked.size()) / dcgAt(q.judged, graded);
        ++terms;
    }
    out[0] = sum / double(terms);
}

} // namespace ranklab::trec
