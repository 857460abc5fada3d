// set_map: set precision times set recall,
// (relevant retrieved / retrieved) * (relevant retrieved / R), computed as
// one division, relret^2 / (retrieved * R): the correctly rounded value,
// which is what trec_eval prints (0.05625 -> 0.0563 in 01_binary_basic).
#include "trec/query_measures.h"

namespace ranklab::trec {

void setMap(const Query& q, std::span<const double>, std::span<double> out) {
    if (q.numRet() == 0 || q.numRel == 0) {
        out[0] = 0;
        return;
    }
    const double relRet = q.numRelRet;
    out[0] = relRet * relRet / (double(q.numRet()) * double(q.numRel));
}

} // namespace ranklab::trec
