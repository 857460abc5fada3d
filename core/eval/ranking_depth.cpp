#include "eval/ranking_depth.h"

#include <algorithm>

namespace ranklab {

std::uint32_t rankingDepth(const EvalSettings& settings) {
    std::uint32_t depth = 0;
    for (const MetricSpec& m : settings.metrics) {
        // R-precision reaches position R; the counts read the whole list.
        if (m.cutoff == kCutoffAll || m.family == "rprec" || m.family == "num_ret" || m.family == "num_rel_ret")
            return 0;
        depth = std::max(depth, m.cutoff);
    }
    return depth;
}

} // namespace ranklab
