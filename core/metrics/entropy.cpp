// entropy@k = −Σ_{c_i>0} p_i log2 p_i, p_i = c_i / Σ c: Shannon entropy of
// the recommended items, in bits; entropy(base=e) in nats (METRICS.md).
#include <cmath>

#include "metrics/beyond_kernels.h"

namespace ranklab {

double entropyStatistic(const SetCounts& s, EntropyBase base) {
    double total = 0;
    for (double c : s.c) total += c;
    if (!(total > 0)) return 0.0;
    double h = 0;
    for (double c : s.c)
        if (c > 0) {
            const double p = c / total;
            h -= p * std::log(p);
        }
    return base == EntropyBase::E ? h : h / std::log(2.0);
}

} // namespace ranklab
