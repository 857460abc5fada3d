#pragma once
// What `curves` draws besides the means: the bands and how they are resampled.
#include <cstddef>
#include <cstdint>

#include "stats/resampling.h"

namespace ranklab {

struct CurveOptions {
    std::uint32_t kmax = 0;  // 0: the longest ranked list; larger than it: the longest
    bool bands = true;       // t and bootstrap intervals per k
    bool bootstrap = true;   // with bands: the bootstrap too (false: t only, no resampling)
    double level = 0.95;     // of both intervals, in (0, 1)
    std::size_t resamples = stats::kDefaultResamples;
    std::uint64_t seed = stats::kDefaultSeed;
};

} // namespace ranklab
