#pragma once
// The inner loop of the bootstrap and the random sign flips: for a block of
// R resamples, each a small integer weight per user (how often the bootstrap
// drew the user, or 1 where the sign flip hits it), the weighted sums of
// every column.
//
// Users go in groups of 8 (users 8g .. 8g+7). Resample r gives group g one
// 8-bit mask per bit plane p of the weights (bit i set: bit p of user
// 8g+i's weight is set). For each group and chunk of 8 columns the 256 sums
// of every subset of its users are tabled once per block,
//   T_g[m] = Σ_{i in m, ascending} x[8g+i]    (one accumulator, from +0),
// and each resample then costs one lookup per group and plane instead of one
// multiply-add per user (the "four Russians" trick). Planes 0 and 1 (the
// sign flips have only plane 0) are dense; planes 2 and up (weights of 4 or
// more) are mostly empty and come as a list of the resamples that have them.
// For each group in order, from sums of +0:
//   sums[r·stride + slot(c)] += T_g[mask_0] + 2·T_g[mask_1]       every r
//   sums[r·stride + slot(c)] += 4·T_g[mask_2] + 8·T_g[mask_3] + ...  listed r
// Powers of two scale exactly and adding a zero changes no sum, so skipping
// zero masks and groups of zeros gives the same bits; every sum is formed in
// this one order, so a column's sums do not depend on the other columns, on
// R, on how the resamples are split between threads, or on the instruction
// set the kernel runs on.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ranklab::stats {

// Columns of the same users laid out for the kernel: user-major rows of
// `stride` values (a multiple of 8, zero padded, the columns ordered by how
// often they are nonzero so that a group's zeros fall into whole chunks of 8
// that are skipped), with zero rows up to a whole number of groups.
class PaddedRows {
public:
    static constexpr std::size_t kChunk = 8;
    static constexpr std::size_t kGroup = 8;

    PaddedRows(std::span<const std::span<const double>> columns, std::size_t n);
    // With the slots given (a permutation of 0 .. columns − 1).
    PaddedRows(std::span<const std::span<const double>> columns, std::size_t n, std::span<const std::size_t> slots);
    // The slots the first constructor gives: sparser columns first.
    static std::vector<std::size_t> sparseFirst(std::span<const std::span<const double>> columns);

    std::size_t stride() const { return stride_; }
    std::size_t slot(std::size_t column) const { return slot_[column]; }
    std::size_t groups() const { return groups_; }
    const double* row(std::size_t user) const { return data_ + user * stride_; }
    // The groups with a nonzero value somewhere (the others add nothing).
    const std::vector<std::uint32_t>& activeGroups() const { return active_; }
    // Per active group, a bit per chunk of 8 slots holding a nonzero value.
    const std::uint64_t* chunkMask(std::size_t activeIndex) const { return masks_.data() + activeIndex * maskWords_; }
    std::size_t maskWords() const { return maskWords_; }

private:
    std::size_t stride_ = 0;
    std::size_t groups_ = 0;
    std::vector<std::size_t> slot_;
    std::vector<double> values_;
    const double* data_ = nullptr;  // values_ from its first 64-byte boundary: a chunk is a cache line
    std::vector<std::uint32_t> active_;
    std::size_t maskWords_ = 0;
    std::vector<std::uint64_t> masks_;
};

// The sums of a block of R resamples, sums[r·stride + slot], zeroed, from a
// 64-byte boundary so that each chunk of 8 is one cache line.
class BlockSums {
public:
    BlockSums(std::size_t R, std::size_t stride);
    BlockSums() : BlockSums(0, 0) {}
    // Zeroed again for R resamples of `stride` slots, reusing the storage.
    void reset(std::size_t R, std::size_t stride);
    double* data() { return data_; }
    double at(std::size_t r, std::size_t slot) const { return data_[r * stride_ + slot]; }

private:
    std::size_t stride_;
    std::vector<double> storage_;
    double* data_;
};

// The masks of bit planes 2 and up of a block, per group: group g's entries
// are entries[offsets[g] .. offsets[g+1]), in resample order, one for each
// resample that has a weight of 4 or more in the group.
struct HighPlanes {
    static constexpr std::size_t kPlanes = 6;  // planes 2 .. 7 of an 8-bit weight
    struct Entry {
        std::uint32_t resample;
        std::uint8_t masks[kPlanes];  // masks[q]: plane 2 + q
    };
    std::vector<std::size_t> offsets;  // groups + 1; empty: no entries
    std::vector<Entry> entries;
};

// planes[p][g·R + r]: resample r's mask of plane p (0, or 0 and 1) for group
// g, for every group g < rows.groups(); `high` the higher planes, if any.
// Adds the block's sums into sums[r·stride + slot], which the caller zeroes.
void addGroupedRows(const PaddedRows& rows, std::span<const std::uint8_t* const> planes, std::size_t R, double* sums,
                    const HighPlanes* high = nullptr);

// The masks come out of the random draws one resample at a time, but the
// kernel reads them a group at a time: out[g·R + r] = in[r·inStride + g] for
// g < groups, r < R, copied in tiles so both sides stay in cache.
void groupMajorMasks(const std::uint8_t* in, std::size_t R, std::size_t inStride, std::size_t groups,
                     std::uint8_t* out);

// The mask of bit plane p of 8 weights packed little-endian in a word.
inline std::uint8_t planeMask(std::uint64_t weights, unsigned p) {
    // Bit 0 of each byte, then byte i's bit moved to bit 56 + i.
    return static_cast<std::uint8_t>((((weights >> p) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
}

} // namespace ranklab::stats
