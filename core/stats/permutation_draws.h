#pragma once
// Uniform random permutations of k models, one per user and resample, for
// the randomized Tukey HSD: 10^9 of them at 100,000 users and 10,000
// resamples, so each must cost a few nanoseconds.
//
// A permutation π of 0..k−1 (π[slot] = the model placed in that slot) is
// split at h = ⌊k/2⌋ into three independent choices: which h models go to the
// first h slots (one of C(k, h) subsets), their order (one of h!) and the
// order of the other k − h (one of (k − h)!). Every permutation is exactly
// one such triple, so uniform choices give a uniform permutation. The three
// are the successive mixed-radix digits of one 64-bit xoshiro word (the
// digit of radix R is the high word of w·R, w going on as the low word),
// uniform to within k!/2^64, and the permutation is read from three small
// tables (the subset's members then the rest, each in increasing order; the
// two orders): π[slot] = members[s][first[a][slot] | second[b][slot]].
//
// Up to 12 models use the tables (9 KB at k = 12); more use a Fisher–Yates
// shuffle with the digits of as many words as needed. A permutation is
// written as `stride()` bytes, the slots ≥ k being unspecified.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/random.h"

namespace ranklab::stats {

class PermutationDraws {
public:
    static constexpr std::size_t kMaxModels = 255;  // a model index is one byte
    static constexpr std::size_t kMaxTableModels = 12;

    explicit PermutationDraws(std::size_t k);  // throws ranklab::Error for k < 1 or k > kMaxModels

    std::size_t models() const { return k_; }
    std::size_t stride() const { return stride_; }  // bytes per permutation, ≥ 16, a multiple of 16

    typedef std::uint8_t Bytes __attribute__((vector_size(16), may_alias, aligned(1)));

    // One uniform permutation from `rng` into out[0 .. stride()).
    void draw(synth::Rng& rng, std::uint8_t* out) const {
        if (!tables_) return shuffle(rng, out);
        *reinterpret_cast<Bytes*>(out) = drawFromTables(rng);
    }
    bool usesTables() const { return tables_; }
    // Draws one permutation and drops it (the stream goes on as after draw()).
    void skip(synth::Rng& rng) const;

    // The tables, by value, so a loop keeps them (and its Rng) in registers.
    struct Tables {
        const std::uint8_t *members, *first, *second;
        std::uint64_t firstCount, secondCount, subsetCount;
        Bytes draw(synth::Rng& rng) const {
            std::uint64_t w = rng.next();
            const std::uint64_t a = digit(w, firstCount), b = digit(w, secondCount), s = digit(w, subsetCount);
            const Bytes order = *reinterpret_cast<const Bytes*>(first + a * 16) |
                                *reinterpret_cast<const Bytes*>(second + b * 16);
            return shuffleBytes(*reinterpret_cast<const Bytes*>(members + s * 16), order);
        }
    };
    Tables tables() const {
        return {members_.data(), first_.data(), second_.data(), firstCount_, secondCount_, subsetCount_};
    }
    // draw() when usesTables(), as one 16-byte vector.
    Bytes drawFromTables(synth::Rng& rng) const { return tables().draw(rng); }
    // draw() as one 16-byte vector; k ≤ 16.
    Bytes drawBytes(synth::Rng& rng) const {
        if (tables_) return drawFromTables(rng);
        alignas(16) std::uint8_t out[16];
        shuffle(rng, out);
        return *reinterpret_cast<const Bytes*>(out);
    }

    // out[i] = values[order[i] mod 16]: GCC's __builtin_shuffle, which clang
    // (the fuzzing build) lacks; the same bytes either way.
    static Bytes shuffleBytes(Bytes values, Bytes order) {
#if defined(__clang__)
        Bytes out;
        for (int i = 0; i < 16; ++i) out[i] = values[order[i] & 15];
        return out;
#else
        return __builtin_shuffle(values, order);
#endif
    }

    // The next digit of radix `radix` of w (see above); w goes on.
    static std::uint64_t digit(std::uint64_t& w, std::uint64_t radix) {
        __extension__ typedef unsigned __int128 Wide;
        const Wide m = static_cast<Wide>(w) * radix;
        w = static_cast<std::uint64_t>(m);
        return static_cast<std::uint64_t>(m >> 64);
    }

    // The permutation of the triple's digits (a < h!, b < (k − h)!, s <
    // C(k, h)), as draw() builds it; k ≤ kMaxTableModels. For the bijection test.
    void compose(std::uint64_t a, std::uint64_t b, std::uint64_t s, std::uint8_t* out) const;
    std::uint64_t firstOrders() const { return firstCount_; }
    std::uint64_t secondOrders() const { return secondCount_; }
    std::uint64_t subsets() const { return subsetCount_; }

private:
    void shuffle(synth::Rng& rng, std::uint8_t* out) const;

    std::size_t k_ = 0, h_ = 0, stride_ = 16;
    bool tables_ = false;
    std::uint64_t firstCount_ = 1, secondCount_ = 1, subsetCount_ = 1;
    // 16 bytes per entry: members[s] the subset's models then the others;
    // first[a] lanes 0..h−1 an order of 0..h−1, the rest 0; second[b] lanes
    // h..k−1 an order of h..k−1, the rest 0.
    std::vector<std::uint8_t> members_, first_, second_;
};

} // namespace ranklab::stats
