// The permuted slot sums of the randomized Tukey HSD against an explicit
// loop over the same draws (users in order, one permutation each, every
// slot summing the value its permutation puts there). The values are
// multiples of 1/16 so every sum is exact in any order, and the kernel's
// pairing of users, blocks and constant users cannot hide behind rounding:
// the sums must be equal bit for bit. Then: the same bits for any thread
// count with arbitrary values.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "common/random.h"
#include "stats/permutation_draws.h"
#include "stats/permuted_sums.h"

using namespace ranklab;
using namespace ranklab::stats;

namespace {

struct Data {
    std::size_t k = 0, columns = 0, users = 0;
    std::vector<std::vector<double>> values;  // [c·k + j][u]
    std::vector<std::span<const double>> spans() const { return {values.begin(), values.end()}; }
};

// Every third user is the same for every model (a user no model helps);
// `dyadic` values are multiples of 1/16, else arbitrary doubles.
Data makeData(std::size_t k, std::size_t columns, std::size_t users, bool dyadic, std::uint64_t seed) {
    Data d{k, columns, users, std::vector<std::vector<double>>(k * columns, std::vector<double>(users))};
    synth::Rng rng(seed);
    for (std::size_t u = 0; u < users; ++u)
        for (std::size_t c = 0; c < columns; ++c) {
            const double shared = static_cast<double>(rng.next() % 17) / 16.0;
            for (std::size_t j = 0; j < k; ++j) {
                double v = dyadic ? static_cast<double>(rng.next() % 17) / 16.0
                                  : static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
                if (u % 3 == 0) v = shared;
                d.values[c * k + j][u] = v;
            }
        }
    return d;
}

std::vector<double> explicitLoop(const Data& d, std::size_t B, std::uint64_t seed) {
    const PermutationDraws draws(d.k);
    std::vector<double> sums(B * d.k * d.columns, 0.0);
    std::vector<std::uint8_t> perm(draws.stride());
    for (std::size_t r = 0; r < B; ++r) {
        synth::Rng rng = resampleRng(seed, ResamplePurpose::Permutations, r);
        for (std::size_t u = 0; u < d.users; ++u) {
            draws.draw(rng, perm.data());
            for (std::size_t slot = 0; slot < d.k; ++slot)
                for (std::size_t c = 0; c < d.columns; ++c)
                    sums[(r * d.k + slot) * d.columns + c] += d.values[c * d.k + perm[slot]][u];
        }
    }
    return sums;
}

std::vector<double> kernel(const Data& d, std::size_t B, std::uint64_t seed, int threads) {
    const auto spans = d.spans();
    ResamplingOptions options;
    options.resamples = B;
    options.seed = seed;
    options.parallelism = Parallelism(threads);
    return permutedSlotSums({spans, d.k, d.columns, d.users}, options);
}

} // namespace

TEST(PermutedSums, EqualAnExplicitLoopOverTheSameDraws) {
    // k = 5 and 10 (tables, users paired), 13 (shuffle, paired), 17 (shuffle,
    // unpaired); column counts around the 8-double vector; users across
    // several blocks; an odd number of informative users.
    struct Case {
        std::size_t k, columns, users, resamples;
    };
    for (const Case& c : {Case{5, 11, 601, 40}, Case{10, 36, 97, 30}, Case{13, 3, 300, 25}, Case{17, 9, 70, 20},
                          Case{2, 1, 1000, 50}, Case{3, 17, 1, 10}}) {
        const Data d = makeData(c.k, c.columns, c.users, true, 1000 + c.k);
        const auto expected = explicitLoop(d, c.resamples, 42);
        const auto got = kernel(d, c.resamples, 42, 2);
        ASSERT_EQ(got.size(), expected.size());
        for (std::size_t i = 0; i < got.size(); ++i)
            ASSERT_EQ(got[i], expected[i]) << "k " << c.k << " columns " << c.columns << " at " << i;
    }
}

TEST(PermutedSums, AcrossSuperBlocksAndWithOnlyConstantUsers) {
    Data d = makeData(4, 2, 16384 + 77, true, 5);
    EXPECT_EQ(kernel(d, 8, 3, 2), explicitLoop(d, 8, 3));
    for (auto& column : d.values) std::fill(column.begin(), column.end(), 0.25);
    const auto sums = kernel(d, 8, 3, 2);
    for (double s : sums) EXPECT_EQ(s, 0.25 * static_cast<double>(d.users));
}

TEST(PermutedSums, SameBitsForAnyThreadCount) {
    const Data d = makeData(10, 36, 2000, false, 9);
    const auto one = kernel(d, 600, 17, 1);
    const auto two = kernel(d, 600, 17, 2);
    ASSERT_EQ(one.size(), two.size());
    for (std::size_t i = 0; i < one.size(); ++i) ASSERT_EQ(std::bit_cast<std::uint64_t>(one[i]), std::bit_cast<std::uint64_t>(two[i])) << i;
    // And close to the explicit loop (the order of additions differs).
    const auto expected = explicitLoop(d, 600, 17);
    for (std::size_t i = 0; i < one.size(); ++i) ASSERT_NEAR(one[i], expected[i], 1e-9) << i;
}
