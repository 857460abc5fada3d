#pragma once
// What the resampling procedures (bootstrap, random sign flips) share: the
// number of resamples, the seed, the threads, and one random stream per
// resample. A resample's stream depends only on (seed, purpose, index), and
// each resample is computed serially, so results are bit-identical for any
// thread count and any split of the work.
#include <cstddef>
#include <cstdint>

#include "common/parallel.h"
#include "common/random.h"

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

enum class ResamplePurpose : std::uint64_t { Bootstrap = 1, SignFlips = 2, Permutations = 3, Runs = 4 };

inline synth::Rng resampleRng(std::uint64_t seed, ResamplePurpose purpose, std::uint64_t index) {
    std::uint64_t key = synth::mix64(seed ^ 0x7374617473ull);  // "stats"
    key = synth::mix64(key ^ (static_cast<std::uint64_t>(purpose) * 0xd1b54a32d192ed03ull));
    return synth::Rng(synth::mix64(key ^ index));
}

// Uniform user indices in [0, n), n < 2^32, two from each 64-bit output:
// Lemire's multiply-shift with rejection, so every index is exactly equally
// likely.
template <class Engine = synth::Rng>
class IndexDraws {
public:
    IndexDraws(Engine& rng, std::uint32_t n) : rng_(rng), n_(n), threshold_((0u - n) % n) {}
    std::size_t next() {
        std::uint64_t m = std::uint64_t{half()} * n_;
        while (static_cast<std::uint32_t>(m) < threshold_) m = std::uint64_t{half()} * n_;
        return static_cast<std::size_t>(m >> 32);
    }

private:
    std::uint32_t half() {
        if (spare_) {
            spare_ = false;
            return static_cast<std::uint32_t>(bits_ >> 32);
        }
        bits_ = rng_.next();
        spare_ = true;
        return static_cast<std::uint32_t>(bits_);
    }
    Engine& rng_;
    std::uint32_t n_;
    std::uint32_t threshold_;  // 2^32 mod n: low words below it are rejected
    std::uint64_t bits_ = 0;
    bool spare_ = false;
};

// A counter-based stream: output i is splitmix64's mix of base + i·γ, so
// starting one costs nothing (no state to fill), for the keyed draws.
class CounterRng {
public:
    using result_type = std::uint64_t;
    explicit CounterRng(std::uint64_t base) : state_(base) {}
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }
    result_type next() {
        const std::uint64_t out = synth::mix64(state_);
        state_ += 0x9e3779b97f4a7c15ull;
        return out;
    }
    result_type operator()() { return next(); }

private:
    std::uint64_t state_;
};

// Resamples handed to one task: enough that a task does ~64k draws.
inline std::size_t resampleGrain(std::size_t n) { return n >= 65536 ? 1 : 65536 / (n == 0 ? 1 : n); }

} // namespace ranklab::stats
