// set_F (parameter x, default 1): (1 + x) P R / (x P + R) of the set
// precision P and set recall R of the retrieved documents. trec_eval 10 uses
// its parameter as is, not squared as the usual F-beta's beta^2 (so
// set_F.0.5 weighs as F-beta with beta = sqrt(0.5)); trec reproduces it.
#include "trec/query_measures.h"

namespace ranklab::trec {

void setF(const Query& q, std::span<const double> params, std::span<double> out) {
    const double beta = params.empty() ? 1.0 : params[0];
    out[0] = 0;
    if (q.numRet() == 0 || q.numRel == 0 || q.numRelRet == 0) return;
    const double precision = double(q.numRelRet) / double(q.numRet());
    const double recall = double(q.numRelRet) / double(q.numRel);
    out[0] = (beta + 1.0) * precision * recall / (beta * precision + recall);
}

} // namespace ranklab::trec
