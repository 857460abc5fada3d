#pragma once
// The synthetic data's own random numbers. std::*_distribution is
// implementation-defined, so a seed would give different files with another
// standard library; everything here is spelled out: splitmix64 for seeding,
// xoshiro256** for the streams, and the few distributions the generator uses.
#include <cmath>
#include <cstdint>

namespace ranklab::synth {

// splitmix64's output function: a strong 64-bit mix of x + the golden gamma.
constexpr std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// Independent streams: one per (seed, purpose, index), e.g. (42, truth, user 17).
enum class Stream : std::uint64_t {
    Catalog = 1,
    Truth = 2,
    PopularityWindow = 3,
    TopRank = 4,
    Broad = 5,
};

constexpr std::uint64_t streamKey(std::uint64_t seed, Stream stream, std::uint64_t index) {
    std::uint64_t h = mix64(seed);
    h = mix64(h ^ (static_cast<std::uint64_t>(stream) * 0xd1b54a32d192ed03ull));
    return mix64(h ^ index);
}

// A uniform number in [0, 1) from 64 random bits (53 bits of mantissa).
constexpr double unitFromBits(std::uint64_t bits) { return static_cast<double>(bits >> 11) * 0x1.0p-53; }

class Rng {
public:
    explicit Rng(std::uint64_t key) {
        // The state is filled from a splitmix64 sequence, as xoshiro's authors advise.
        for (auto& s : state_) {
            key += 0x9e3779b97f4a7c15ull;
            std::uint64_t z = key;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            s = z ^ (z >> 31);
        }
    }
    Rng(std::uint64_t seed, Stream stream, std::uint64_t index) : Rng(streamKey(seed, stream, index)) {}

    // xoshiro256**.
    std::uint64_t next() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // Uniform in [0, 1).
    double uniform() { return unitFromBits(next()); }
    // Uniform integer in [0, n), n > 0 (bias below 2^-32 for n < 2^32).
    std::uint32_t below(std::uint32_t n) {
        auto k = static_cast<std::uint32_t>(uniform() * n);
        return k < n ? k : n - 1;
    }
    bool chance(double p) { return uniform() < p; }
    // Standard normal by Box–Muller: each pair of uniforms gives two values,
    // the second kept for the next call.
    double normal() {
        if (hasSpare_) {
            hasSpare_ = false;
            return spare_;
        }
        const double u1 = 1.0 - uniform();  // (0, 1]: log is finite
        const double u2 = uniform();
        const double r = std::sqrt(-2.0 * std::log(u1));
        const double angle = 6.283185307179586 * u2;
        spare_ = r * std::sin(angle);
        hasSpare_ = true;
        return r * std::cos(angle);
    }
    double logNormal(double mu, double sigma) { return std::exp(mu + sigma * normal()); }
    // Exponential with rate 1.
    double exponential() { return -std::log(1.0 - uniform()); }

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t state_[4];
    double spare_ = 0;
    bool hasSpare_ = false;
};

} // namespace ranklab::synth
