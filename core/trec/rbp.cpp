// rbp (Moffat & Zobel 2008, persistence p, default 0.9):
// (1 - p) * sum over ranks i of p^(i-1) * gain(i).
//
// Without gain parameters the gain is the grade over the query's highest
// grade (like ndcg, rbp ignores -l). With rel_level=gain parameters
// (rbp.1=0,2=5, also beside p=) the gains come from trec_eval's gain table
// (gains.h), then, when one lies outside [0, 1], every level's gain g is
// mapped to (g - lo) / (hi - lo) with lo = min(0, gains) and hi =
// max(0, gains) (trec_eval 10's m_rbp.c starts its min and max from
// uninitialised values; the binary behaves as if both were 0, which the
// generated cases pin). A document of a level without an entry (not in
// the qrels, or a negative grade) gains 0 either way.
#include <algorithm>
#include <cmath>

#include "trec/gains.h"
#include "trec/query_measures.h"

namespace ranklab::trec {
namespace {

double rbpWithGains(const Query& q, double p, std::span<const double> pairs) {
    GainTable table = makeGainTable(q, pairs);
    double lo = 0, hi = 0;
    for (const auto& level : table.levels) {
        lo = std::min(lo, level.gain);
        hi = std::max(hi, level.gain);
    }
    if (lo < 0 || hi > 1)
        for (auto& level : table.levels) level.gain = (level.gain - lo) / (hi - lo);
    double weight = 1, sum = 0;
    for (double g : q.ranked) {
        const double gain = table.gainOf(g);
        if (gain != 0) sum += gain * weight;
        weight *= p;
    }
    return (1 - p) * sum;
}

} // namespace

void rbp(const Query& q, std::span<const double> params, std::span<double> out) {
    const double p = params.empty() ? 0.9 : params[0];
    if (params.size() > 1) {
        out[0] = rbpWithGains(q, p, params.subspan(1));
        return;
    }
    out[0] = 0;
    if (q.judged.empty() || q.judged.front() <= 0) return;
    const double top = q.judged.front();
    double weight = 1 - p, sum = 0;
    for (double g : q.ranked) {
        if (g > 0) sum += weight * g / top;
        weight *= p;
    }
    out[0] = sum;
}

} // namespace ranklab::trec
