// G (trec_eval 10's m_G, "normalized gain"): a retrieved document at rank
// i (0-based) with gain g != 0 adds g / log2(2 + cost(i) - got(i)), where
// got(i) is the run's gain summed over ranks 0..i and cost(i) sums, over
// ranks 0..i, the ideal ranking's gain at that rank when it is >= 1, else 1
// (ranks past the ideal ranking's end cost 1). The total is divided by the
// ideal ranking's total gain; 0 when that is 0. -l does not change it.
// Gains: the grades, or the rel_level=gain parameters (gains.h).
#include <algorithm>
#include <cmath>

#include "trec/gains.h"
#include "trec/query_measures.h"

namespace ranklab::trec {

void gainG(const Query& q, std::span<const double> params, std::span<double> out) {
    out[0] = 0;
    const GainTable table = makeGainTable(q, params);
    const std::vector<double> ideal = table.ideal();
    double got = 0, cost = 0, total = 0;
    for (std::size_t i = 0; i < q.ranked.size(); ++i) {
        const double g = table.gainOf(q.ranked[i]);
        got += g;
        cost += i < ideal.size() ? std::max(ideal[i], 1.0) : 1.0;
        if (g != 0) total += g / std::log2(2 + cost - got);
    }
    double idealTotal = 0;
    for (double g : ideal) idealTotal += g;
    if (idealTotal > 0) out[0] = total / idealTotal;
}

} // namespace ranklab::trec
