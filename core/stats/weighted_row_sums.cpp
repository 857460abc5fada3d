#include "stats/weighted_row_sums.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace ranklab::stats {

namespace {

constexpr std::size_t kMaxBlock = 64;
constexpr std::size_t kChunk = PaddedRows::kChunk;

// Built for AVX-512 and AVX2 as well, chosen at run time. The updates are
// element-wise (no reassociation, no FMA contraction: see CMakeLists.txt),
// so every build gives the same sums.
__attribute__((target_clones("avx512f", "avx2", "default"))) void addChunks(
    const double* row, const std::uint64_t* mask, std::size_t maskWords, std::size_t stride,
    const std::uint8_t* w, const std::uint32_t* hit, std::size_t m, double* sums) {
    for (std::size_t word = 0; word < maskWords; ++word) {
        for (std::uint64_t bits = mask[word]; bits != 0; bits &= bits - 1) {
            const std::size_t c0 = (word * 64 + static_cast<std::size_t>(std::countr_zero(bits))) * kChunk;
            // The row's chunk stays in registers while every resample that
            // drew the user adds it.
            double chunk[kChunk];
            for (std::size_t u = 0; u < kChunk; ++u) chunk[u] = row[c0 + u];
            for (std::size_t h = 0; h < m; ++h) {
                double* __restrict sum = sums + hit[h] * stride + c0;
                const double weight = static_cast<double>(w[hit[h]]);
                for (std::size_t u = 0; u < kChunk; ++u) sum[u] += weight * chunk[u];
            }
        }
    }
}

} // namespace

PaddedRows::PaddedRows(std::span<const std::span<const double>> columns, std::size_t n) {
    const std::size_t k = columns.size();
    slot_.resize(k);
    if (k == 1) {
        stride_ = 1;
        data_ = columns[0].data();
        for (std::size_t i = 0; i < n; ++i)
            if (data_[i] != 0) active_.push_back(static_cast<std::uint32_t>(i));
        return;
    }
    stride_ = (k + kChunk - 1) / kChunk * kChunk;
    // Sparser columns first: a user's zeros then tend to fill whole chunks.
    std::vector<std::size_t> nonzero(k, 0);
    for (std::size_t c = 0; c < k; ++c)
        for (double v : columns[c]) nonzero[c] += v != 0;
    std::vector<std::size_t> order(k);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return nonzero[a] < nonzero[b]; });
    for (std::size_t s = 0; s < k; ++s) slot_[order[s]] = s;

    values_.assign(n * stride_, 0.0);
    for (std::size_t c = 0; c < k; ++c)
        for (std::size_t i = 0; i < n; ++i) values_[i * stride_ + slot_[c]] = columns[c][i];
    data_ = values_.data();

    const std::size_t chunks = stride_ / kChunk;
    maskWords_ = (chunks + 63) / 64;
    std::vector<std::uint64_t> mask(maskWords_);
    for (std::size_t i = 0; i < n; ++i) {
        std::fill(mask.begin(), mask.end(), 0);
        bool any = false;
        for (std::size_t s = 0; s < stride_; ++s)
            if (data_[i * stride_ + s] != 0) {
                mask[s / kChunk / 64] |= std::uint64_t{1} << (s / kChunk % 64);
                any = true;
            }
        if (!any) continue;
        active_.push_back(static_cast<std::uint32_t>(i));
        masks_.insert(masks_.end(), mask.begin(), mask.end());
    }
}

void addWeightedRows(const PaddedRows& rows, const std::uint8_t* weights, std::size_t R, double* sums) {
    const auto& users = rows.activeUsers();
    const std::size_t stride = rows.stride();
    std::uint32_t hit[kMaxBlock];
    for (std::size_t j = 0; j < users.size(); ++j) {
        const std::uint8_t* w = weights + j * R;
        // The resamples that drew this user, collected without branches (the
        // pattern is random, so a branch per resample would mispredict).
        std::size_t m = 0;
        for (std::size_t r = 0; r < R && r < kMaxBlock; ++r) {
            hit[m] = static_cast<std::uint32_t>(r);
            m += w[r] != 0;
        }
        if (m == 0) continue;
        const double* row = rows.row(users[j]);
        if (stride == 1) {
            for (std::size_t h = 0; h < m; ++h) sums[hit[h]] += static_cast<double>(w[hit[h]]) * row[0];
            continue;
        }
        addChunks(row, rows.chunkMask(j), rows.maskWords(), stride, w, hit, m, sums);
    }
}

} // namespace ranklab::stats
