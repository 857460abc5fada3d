#include "stats/tukey_hsd.h"

#include <cmath>
#include <string>

#include "common/error.h"
#include "stats/studentized_range.h"

namespace ranklab::stats {

const TukeyPair* TukeyResult::find(std::size_t a, std::size_t b) const {
    for (const auto& pair : pairs)
        if ((pair.i == a && pair.j == b) || (pair.i == b && pair.j == a)) return &pair;
    return nullptr;
}

TukeyResult tukeyHsd(std::span<const std::span<const double>> groups, double alpha, double qCritical) {
    const std::size_t k = groups.size();
    if (k < 2) throw Error("Tukey's HSD needs at least two groups, got " + std::to_string(k));
    if (!(alpha > 0 && alpha < 1)) throw Error("alpha must lie in (0, 1): " + std::to_string(alpha));
    std::vector<Moments> m;
    double ss = 0;
    std::size_t total = 0;
    for (std::size_t g = 0; g < k; ++g) {
        if (groups[g].empty()) throw Error("Tukey's HSD: group " + std::to_string(g) + " has no values");
        m.push_back(moments(groups[g]));
        if (m.back().n > 1) ss += m.back().sd * m.back().sd * static_cast<double>(m.back().n - 1);
        total += m.back().n;
    }
    TukeyResult r;
    r.df = static_cast<double>(total - k);
    r.mse = r.df > 0 ? ss / r.df : kNaN;
    const int groupsCount = static_cast<int>(k);
    r.qCritical = std::isnan(qCritical) ? studentizedRangeQuantile(1.0 - alpha, groupsCount, r.df) : qCritical;
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k; ++j) {
            TukeyPair p;
            p.i = i;
            p.j = j;
            p.meanDiff = m[i].mean - m[j].mean;
            const double se = std::sqrt(r.mse / 2.0 * (1.0 / static_cast<double>(m[i].n) + 1.0 / static_cast<double>(m[j].n)));
            p.q = std::fabs(p.meanDiff) / se;
            p.pAdjusted = studentizedRangeSf(p.q, groupsCount, r.df);
            p.lo = p.meanDiff - r.qCritical * se;
            p.hi = p.meanDiff + r.qCritical * se;
            p.reject = p.q > r.qCritical;
            if (!(r.maxQ >= p.q)) r.maxQ = p.q;
            r.pairs.push_back(p);
        }
    }
    r.pOmnibus = studentizedRangeSf(r.maxQ, groupsCount, r.df);
    return r;
}

} // namespace ranklab::stats
