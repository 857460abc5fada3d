#pragma once
// What the resampling procedures (bootstrap, random sign flips) share: the
// number of resamples, the seed, the threads, and one random stream per
// resample. A resample's stream depends only on (seed, purpose, index), and
// each resample is computed serially, so results are bit-identical for any
// thread count and any split of the work.
#include <cstddef>
#include <cstdint>

#include "common/parallel.h"
#include "synth/random.h"

namespace ranklab {
class Progress;
}

namespace ranklab::stats {

inline constexpr std::uint64_t kDefaultSeed = 42;
inline constexpr std::size_t kDefaultResamples = 10'000;

struct ResamplingOptions {
    std::size_t resamples = kDefaultResamples;
    std::uint64_t seed = kDefaultSeed;
    Parallelism parallelism{};
    // Optional: checked for cancel (throws Cancelled) and told the fraction done.
    const Progress* progress = nullptr;
};

enum class ResamplePurpose : std::uint64_t { Bootstrap = 1, SignFlips = 2 };

inline synth::Rng resampleRng(std::uint64_t seed, ResamplePurpose purpose, std::uint64_t index) {
    std::uint64_t key = synth::mix64(seed ^ 0x7374617473ull);  // "stats"
    key = synth::mix64(key ^ (static_cast<std::uint64_t>(purpose) * 0xd1b54a32d192ed03ull));
    return synth::Rng(synth::mix64(key ^ index));
}

// Resamples handed to one task: enough that a task does ~64k draws.
inline std::size_t resampleGrain(std::size_t n) { return n >= 65536 ? 1 : 65536 / (n == 0 ? 1 : n); }

} // namespace ranklab::stats
