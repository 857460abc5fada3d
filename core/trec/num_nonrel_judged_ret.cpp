// num_nonrel_judged_ret: retrieved documents judged non-relevant
// (0 <= grade < the relevance level).
#include "trec/query_measures.h"

namespace ranklab::trec {

void numNonrelJudgedRet(const Query& q, std::span<const double>, std::span<double> out) {
    std::size_t n = 0;
    for (double g : q.ranked) n += q.nonrelevant(g);
    out[0] = double(n);
}

} // namespace ranklab::trec
