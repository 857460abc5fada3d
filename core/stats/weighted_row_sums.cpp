#include "stats/weighted_row_sums.h"

namespace ranklab::stats {

namespace {
constexpr std::size_t kMaxBlock = 64;

template <std::size_t W>
inline __attribute__((always_inline)) void addChunk(double* sums, std::size_t stride, const double* row,
                                                    const std::uint8_t* w, const std::uint32_t* hit, std::size_t m) {
    double chunk[W];
    for (std::size_t u = 0; u < W; ++u) chunk[u] = row[u];
    for (std::size_t h = 0; h < m; ++h) {
        double* __restrict sum = sums + hit[h] * stride;
        const double weight = static_cast<double>(w[hit[h]]);
        for (std::size_t u = 0; u < W; ++u) sum[u] += weight * chunk[u];
    }
}

} // namespace

// Built for AVX-512 and AVX2 as well, chosen at run time. The updates are
// element-wise (no reassociation, no FMA contraction without the fma
// target), so every build gives the same sums.
__attribute__((target_clones("avx512f", "avx2", "default"))) void addWeightedRows(
    const double* rows, std::size_t stride, const std::uint32_t* users, std::size_t userCount,
    const std::uint8_t* weights, std::size_t R, double* sums) {
    std::uint32_t hit[kMaxBlock];
    for (std::size_t j = 0; j < userCount; ++j) {
        const std::uint8_t* w = weights + j * R;
        // The resamples that drew this user, collected without branches (the
        // pattern is random, so a branch per resample would mispredict).
        std::size_t m = 0;
        for (std::size_t r = 0; r < R && r < kMaxBlock; ++r) {
            hit[m] = static_cast<std::uint32_t>(r);
            m += w[r] != 0;
        }
        const double* __restrict row = rows + static_cast<std::size_t>(users[j]) * stride;
        if (stride == 1) {
            for (std::size_t h = 0; h < m; ++h) sums[hit[h]] += static_cast<double>(w[hit[h]]) * row[0];
            continue;
        }
        // Column chunks of 64, 32, 16 and 8 values: the row's chunk stays in
        // registers while every resample that drew the user adds it.
        std::size_t c0 = 0;
        for (; stride - c0 >= 64; c0 += 64) addChunk<64>(sums + c0, stride, row + c0, w, hit, m);
        if (stride - c0 >= 32) addChunk<32>(sums + c0, stride, row + c0, w, hit, m), c0 += 32;
        if (stride - c0 >= 16) addChunk<16>(sums + c0, stride, row + c0, w, hit, m), c0 += 16;
        if (stride - c0 >= 8) addChunk<8>(sums + c0, stride, row + c0, w, hit, m);
    }
}

} // namespace ranklab::stats
