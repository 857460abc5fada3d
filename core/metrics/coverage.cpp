// coverage@k = #{i ∈ I : c_i > 0} / |I| (RecBole ItemCoverage);
// coverage(of=training) = #{i in the training file : c_i > 0} / #(items of
// the training file) (METRICS.md).
#include "metrics/beyond_kernels.h"

namespace ranklab {

double coverageStatistic(const SetCounts& s, CoverageOf of) {
    std::size_t covered = 0, total = 0;
    for (std::size_t i = 0; i < s.c.size(); ++i) {
        if (of == CoverageOf::Training && !s.training[i]) continue;
        ++total;
        covered += s.c[i] > 0;
    }
    return total > 0 ? double(covered) / double(total) : 0.0;
}

} // namespace ranklab
