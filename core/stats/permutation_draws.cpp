#include "stats/permutation_draws.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "common/error.h"

namespace ranklab::stats {

namespace {

constexpr std::uint64_t kRadixBudget = std::uint64_t{1} << 24;  // digits per word of the shuffle

// Every order of 0..n−1 (lexicographic), each as 16 bytes with the values
// offset by `offset` in lanes offset..offset+n−1 and 0 elsewhere.
std::vector<std::uint8_t> orderTable(std::size_t n, std::size_t offset) {
    std::vector<std::uint8_t> out;
    std::vector<std::uint8_t> order(n);
    std::iota(order.begin(), order.end(), std::uint8_t{0});
    do {
        std::uint8_t entry[16] = {};
        for (std::size_t i = 0; i < n; ++i) entry[offset + i] = static_cast<std::uint8_t>(offset + order[i]);
        out.insert(out.end(), entry, entry + 16);
    } while (std::next_permutation(order.begin(), order.end()));
    return out;
}

// Every h-subset of 0..k−1 (lexicographic), each as 16 bytes: its members
// in increasing order, then the others in increasing order.
std::vector<std::uint8_t> subsetTable(std::size_t k, std::size_t h) {
    std::vector<std::uint8_t> out;
    std::vector<bool> chosen(k, false);
    std::fill(chosen.begin(), chosen.begin() + static_cast<std::ptrdiff_t>(h), true);
    do {
        std::uint8_t entry[16] = {};
        std::size_t slot = 0;
        for (std::size_t m = 0; m < k; ++m)
            if (chosen[m]) entry[slot++] = static_cast<std::uint8_t>(m);
        for (std::size_t m = 0; m < k; ++m)
            if (!chosen[m]) entry[slot++] = static_cast<std::uint8_t>(m);
        out.insert(out.end(), entry, entry + 16);
    } while (std::prev_permutation(chosen.begin(), chosen.end()));  // true first: lexicographic subsets
    return out;
}

} // namespace

PermutationDraws::PermutationDraws(std::size_t k) : k_(k) {
    if (k < 1 || k > kMaxModels)
        throw Error("a permutation test takes 1 to " + std::to_string(kMaxModels) + " models, got " + std::to_string(k));
    stride_ = (k + 15) / 16 * 16;
    tables_ = k <= kMaxTableModels;
    if (!tables_) return;
    h_ = k / 2;
    first_ = orderTable(h_, 0);
    second_ = orderTable(k - h_, h_);
    members_ = subsetTable(k, h_);
    firstCount_ = first_.size() / 16;
    secondCount_ = second_.size() / 16;
    subsetCount_ = members_.size() / 16;
}

void PermutationDraws::compose(std::uint64_t a, std::uint64_t b, std::uint64_t s, std::uint8_t* out) const {
    if (!tables_ || a >= firstCount_ || b >= secondCount_ || s >= subsetCount_)
        throw Error("PermutationDraws::compose: digits out of range");
    for (std::size_t slot = 0; slot < 16; ++slot)
        out[slot] = members_[s * 16 + ((first_[a * 16 + slot] | second_[b * 16 + slot]) & 15)];
}

void PermutationDraws::skip(synth::Rng& rng) const {
    if (tables_) {
        rng.next();
        return;
    }
    std::vector<std::uint8_t> scratch(stride_);
    shuffle(rng, scratch.data());
}

// Fisher–Yates: the swap index of step i is the next digit of radix i + 1,
// a new word once the product of the radices would pass 2^24.
void PermutationDraws::shuffle(synth::Rng& rng, std::uint8_t* out) const {
    for (std::size_t j = 0; j < stride_; ++j) out[j] = static_cast<std::uint8_t>(j < k_ ? j : 0);
    std::uint64_t word = rng.next(), used = 1;
    for (std::size_t i = k_ - 1; i >= 1; --i) {
        const std::uint64_t radix = i + 1;
        if (used * radix > kRadixBudget) {
            word = rng.next();
            used = 1;
        }
        used *= radix;
        std::swap(out[i], out[digit(word, radix)]);
    }
}

} // namespace ranklab::stats
