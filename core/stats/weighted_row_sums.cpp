#include "stats/weighted_row_sums.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>

namespace ranklab::stats {

namespace {

constexpr std::size_t kChunk = PaddedRows::kChunk;
constexpr std::size_t kGroup = PaddedRows::kGroup;
constexpr std::size_t kSubsets = std::size_t{1} << kGroup;

// Eight lanes, one per column of a chunk; element-wise arithmetic. Loads and
// stores through Lane8 need only a double's alignment.
typedef double Lane8 __attribute__((vector_size(kChunk * sizeof(double)), aligned(sizeof(double))));

// Built for AVX-512 and AVX2 as well, chosen at run time. The updates are
// element-wise (no reassociation, no FMA contraction: see CMakeLists.txt),
// so every build gives the same sums.
#ifdef RANKLAB_NO_TARGET_CLONES
// Thread-sanitizer builds: one build, no ifunc (see core/CMakeLists.txt).
#define RANKLAB_KERNEL_CLONES
#else
#define RANKLAB_KERNEL_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#endif

RANKLAB_KERNEL_CLONES void addGroupChunk(
    const double* rows, std::size_t stride, std::span<const std::uint8_t* const> masks, std::size_t R,
    std::span<const HighPlanes::Entry> high, double* sums) {
    // The subset sums of the group's 8 users on this chunk: a subset whose
    // highest user is h is the subset below h plus user h, so users add in
    // order. 16 KB: it stays in L1 while every resample of the block looks
    // it up.
    alignas(64) Lane8 table[kSubsets];
    table[0] = Lane8{};
    for (std::size_t h = 0; h < kGroup; ++h) {
        const Lane8 x = *reinterpret_cast<const Lane8*>(rows + h * stride);
        const std::size_t half = std::size_t{1} << h;
        for (std::size_t m = 0; m < half; ++m) table[half + m] = table[m] + x;
    }
    const std::uint8_t* plane0 = masks[0];
    if (masks.size() == 1) {
        for (std::size_t r = 0; r < R; ++r) *reinterpret_cast<Lane8*>(sums + r * stride) += table[plane0[r]];
    } else {
        // Both masks are looked up unconditionally (T[0] is +0, and adding
        // it changes nothing): they are too often nonzero for a branch.
        const std::uint8_t* plane1 = masks[1];
        for (std::size_t r = 0; r < R; ++r)
            *reinterpret_cast<Lane8*>(sums + r * stride) += table[plane0[r]] + 2.0 * table[plane1[r]];
    }
    for (const auto& entry : high) {
        Lane8 v = 4.0 * table[entry.masks[0]];
        for (std::size_t q = 1; q < HighPlanes::kPlanes; ++q)
            if (entry.masks[q] != 0) v += static_cast<double>(std::uint64_t{4} << q) * table[entry.masks[q]];
        *reinterpret_cast<Lane8*>(sums + entry.resample * stride) += v;
    }
}

// The first element of `values` on a 64-byte boundary (values has 7 spare).
template <typename T>
T* cacheLineAligned(T* values) {
    const auto address = reinterpret_cast<std::uintptr_t>(values);
    return values + ((64 - address % 64) % 64) / sizeof(double);
}

} // namespace

BlockSums::BlockSums(std::size_t R, std::size_t stride)
    : stride_(stride), storage_(R * stride + kChunk - 1, 0.0), data_(cacheLineAligned(storage_.data())) {}

void BlockSums::reset(std::size_t R, std::size_t stride) {
    stride_ = stride;
    storage_.assign(R * stride + kChunk - 1, 0.0);
    data_ = cacheLineAligned(storage_.data());
}

std::vector<std::size_t> PaddedRows::sparseFirst(std::span<const std::span<const double>> columns) {
    const std::size_t k = columns.size();
    // Sparser columns first: a group's zeros then tend to fill whole chunks.
    std::vector<std::size_t> nonzero(k, 0);
    for (std::size_t c = 0; c < k; ++c)
        for (double v : columns[c]) nonzero[c] += v != 0;
    std::vector<std::size_t> order(k);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return nonzero[a] < nonzero[b]; });
    std::vector<std::size_t> slots(k);
    for (std::size_t s = 0; s < k; ++s) slots[order[s]] = s;
    return slots;
}

PaddedRows::PaddedRows(std::span<const std::span<const double>> columns, std::size_t n)
    : PaddedRows(columns, n, sparseFirst(columns)) {}

PaddedRows::PaddedRows(std::span<const std::span<const double>> columns, std::size_t n,
                       std::span<const std::size_t> slots) {
    const std::size_t k = columns.size();
    slot_.assign(slots.begin(), slots.end());
    stride_ = std::max<std::size_t>(1, (k + kChunk - 1) / kChunk) * kChunk;
    groups_ = (n + kGroup - 1) / kGroup;

    values_.assign(groups_ * kGroup * stride_ + kChunk - 1, 0.0);
    double* values = cacheLineAligned(values_.data());
    data_ = values;
    for (std::size_t c = 0; c < k; ++c)
        for (std::size_t i = 0; i < n; ++i) values[i * stride_ + slot_[c]] = columns[c][i];

    const std::size_t chunks = stride_ / kChunk;
    maskWords_ = (chunks + 63) / 64;
    std::vector<std::uint64_t> mask(maskWords_);
    for (std::size_t g = 0; g < groups_; ++g) {
        std::fill(mask.begin(), mask.end(), 0);
        bool any = false;
        const double* group = row(g * kGroup);
        for (std::size_t s = 0; s < kGroup * stride_; ++s)
            if (group[s] != 0) {
                const std::size_t chunk = s % stride_ / kChunk;
                mask[chunk / 64] |= std::uint64_t{1} << (chunk % 64);
                any = true;
            }
        if (!any) continue;
        active_.push_back(static_cast<std::uint32_t>(g));
        masks_.insert(masks_.end(), mask.begin(), mask.end());
    }
}

void groupMajorMasks(const std::uint8_t* in, std::size_t R, std::size_t inStride, std::size_t groups,
                     std::uint8_t* out) {
    // Tiles of 64 resamples × 8 groups: a word of 8 groups' masks is read
    // per resample, and the tile's 8 output lines are filled in order.
    constexpr std::size_t kTile = 64;
    for (std::size_t r0 = 0; r0 < R; r0 += kTile) {
        const std::size_t r1 = std::min(R, r0 + kTile);
        std::size_t g0 = 0;
        for (; g0 + 8 <= groups; g0 += 8) {
            for (std::size_t r = r0; r < r1; ++r) {
                std::uint64_t word;
                std::memcpy(&word, in + r * inStride + g0, sizeof word);
                for (std::size_t i = 0; i < 8; ++i) out[(g0 + i) * R + r] = static_cast<std::uint8_t>(word >> (8 * i));
            }
        }
        for (; g0 < groups; ++g0)
            for (std::size_t r = r0; r < r1; ++r) out[g0 * R + r] = in[r * inStride + g0];
    }
}

void addGroupedRows(const PaddedRows& rows, std::span<const std::uint8_t* const> planes, std::size_t R, double* sums,
                    const HighPlanes* high) {
    const auto& groups = rows.activeGroups();
    const std::size_t stride = rows.stride();
    std::vector<const std::uint8_t*> masks(planes.size());
    for (std::size_t j = 0; j < groups.size(); ++j) {
        const std::size_t g = groups[j];
        for (std::size_t p = 0; p < planes.size(); ++p) masks[p] = planes[p] + g * R;
        std::span<const HighPlanes::Entry> entries;
        if (high && !high->offsets.empty())
            entries = {high->entries.data() + high->offsets[g], high->offsets[g + 1] - high->offsets[g]};
        const std::uint64_t* chunkMask = rows.chunkMask(j);
        for (std::size_t word = 0; word < rows.maskWords(); ++word) {
            for (std::uint64_t bits = chunkMask[word]; bits != 0; bits &= bits - 1) {
                const std::size_t c0 = (word * 64 + static_cast<std::size_t>(std::countr_zero(bits))) * kChunk;
                addGroupChunk(rows.row(g * kGroup) + c0, stride, masks, R, entries, sums + c0);
            }
        }
    }
}

} // namespace ranklab::stats
