// set_F (parameter beta, default 1): (1 + beta^2) P R / (beta^2 P + R) of
// the set precision P and set recall R of the retrieved documents.
#include "trec/query_measures.h"

namespace ranklab::trec {

void setF(const Query& q, std::span<const double> params, std::span<double> out) {
    const double beta = params.empty() ? 1.0 : params[0];
    out[0] = 0;
    if (q.numRet() == 0 || q.numRel == 0 || q.numRelRet == 0) return;
    const double precision = double(q.numRelRet) / double(q.numRet());
    const double recall = double(q.numRelRet) / double(q.numRel);
    out[0] = (1 + beta * beta) * precision * recall / (beta * beta * precision + recall);
}

} // namespace ranklab::trec
