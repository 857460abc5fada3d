// 11pt_avg: the mean of the interpolated precision at the recall levels
// 0.0, 0.1, ..., 1.0 (the parameters), as iprec_at_recall computes them.
#include <numeric>

#include "trec/query_measures.h"

namespace ranklab::trec {

void elevenPointAverage(const Query& q, std::span<const double> levels, std::span<double> out) {
    std::vector<double> precision(levels.size());
    iprecAtRecall(q, levels, precision);
    out[0] = levels.empty() ? 0.0 : std::accumulate(precision.begin(), precision.end(), 0.0) / double(levels.size());
}

} // namespace ranklab::trec
