// set_relative_P: relevant retrieved divided by min(retrieved, R), the most
// the retrieved set could hold. 0 when either is 0.
#include <algorithm>

#include "trec/query_measures.h"

namespace ranklab::trec {

void setRelativeP(const Query& q, std::span<const double>, std::span<double> out) {
    const double best = std::min<double>(double(q.numRet()), q.numRel);
    out[0] = best > 0 ? q.numRelRet / best : 0.0;
}

} // namespace ranklab::trec
