// 11pt_avg (trec_eval 10's m_11pt_avg): the mean of the interpolated
// precision at the given recall levels (default 0.0, 0.1, ..., 1.0, in the
// order given, not sorted). Level L needs c = round(L * R) relevant documents
// (half away from zero); the interpolated precision of c is the highest
// precision at any rank holding at least c relevant documents, walking the
// ranking from its end. The precisions are added from the last level given
// down to the first, as trec_eval adds them (so the last printed digit
// matches it), and divided by the number of levels. A level whose count
// exceeds the relevant documents retrieved adds 0.
#include <cmath>

#include "trec/query_measures.h"

namespace ranklab::trec {

void elevenPointAverage(const Query& q, std::span<const double> levels, std::span<double> out) {
    out[0] = 0;
    if (levels.empty() || q.numRet() == 0) return;  // trec_eval prints 0 for an empty ranking (-c)
    std::vector<long> needed(levels.size());
    for (std::size_t l = 0; l < levels.size(); ++l) needed[l] = std::lround(levels[l] * double(q.numRel));
    // The next level to add, from the last one down; past the ones needing
    // more relevant documents than were retrieved.
    auto next = static_cast<std::ptrdiff_t>(levels.size()) - 1;
    while (next >= 0 && needed[next] > static_cast<long>(q.numRelRet)) --next;
    const auto retrieved = static_cast<double>(q.numRet());
    double best = double(q.numRelRet) / retrieved;
    double sum = 0;
    long relevantSoFar = q.numRelRet;
    for (std::size_t rank = q.numRet(); rank > 0 && relevantSoFar > 0; --rank) {
        best = std::max(best, double(relevantSoFar) / double(rank));
        if (!q.relevant(q.ranked[rank - 1])) continue;
        while (next >= 0 && needed[next] == relevantSoFar) sum += best, --next;
        --relevantSoFar;
    }
    while (next >= 0) sum += best, --next;
    out[0] = sum / double(levels.size());
}

} // namespace ranklab::trec
