// utility with parameters a,b,c,d (default 1,-1,0,0): a * relevant retrieved
// + b * non-relevant retrieved + c * relevant not retrieved
// + d * non-relevant not retrieved. "Non-relevant retrieved" is every
// retrieved document that is not relevant. The last count needs the size of
// the collection, which RankLab does not know: d must be 0.
#include "common/error.h"
#include "trec/query_measures.h"

namespace ranklab::trec {

void utility(const Query& q, std::span<const double> p, std::span<double> out) {
    if (p.size() != 4) throw Error("utility takes four parameters a,b,c,d (e.g. utility.1,-1,0,0)");
    if (p[3] != 0)
        throw Error("utility: the 4th parameter (non-relevant documents not retrieved) needs the collection "
                    "size; only 0 is supported");
    const double relRet = q.numRelRet;
    const double nonrelRet = double(q.numRet()) - relRet;
    const double relNotRet = double(q.numRel) - relRet;
    out[0] = p[0] * relRet + p[1] * nonrelRet + p[2] * relNotRet;
}

} // namespace ranklab::trec
