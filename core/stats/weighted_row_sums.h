#pragma once
// The inner loop of the bootstrap and the random sign flips: for a block of
// R resamples, each a weight per user (how often the bootstrap drew the user,
// or 1 where the sign flip hits it), the weighted sums of every column.
//
//   sums[r·stride + slot(c)] += Σ_j weights[j·R + r] · x_c[activeUsers[j]]
//
// over the active users j in order, skipping zero weights and zero values.
// Every sum is formed in user order with one accumulator, and adding a zero
// changes no sum, so a column's sums do not depend on the other columns, on
// R, or on how the resamples are split between threads.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ranklab::stats {

// Columns of the same users laid out for the kernel: user-major rows of
// `stride` values (one column: the column itself; several: a multiple of 8,
// zero padded, the columns ordered by how often they are nonzero so that a
// user's zeros fall into whole chunks of 8 that are skipped).
class PaddedRows {
public:
    static constexpr std::size_t kChunk = 8;

    PaddedRows(std::span<const std::span<const double>> columns, std::size_t n);

    std::size_t stride() const { return stride_; }
    std::size_t slot(std::size_t column) const { return slot_[column]; }
    const double* row(std::size_t user) const { return data_ + user * stride_; }
    // The users with a nonzero value somewhere (the others add nothing).
    const std::vector<std::uint32_t>& activeUsers() const { return active_; }
    // Per active user, a bit per chunk of 8 slots holding a nonzero value.
    const std::uint64_t* chunkMask(std::size_t activeIndex) const { return masks_.data() + activeIndex * maskWords_; }
    std::size_t maskWords() const { return maskWords_; }

private:
    std::size_t stride_ = 0;
    std::vector<std::size_t> slot_;
    std::vector<double> values_;  // empty when one column is used in place
    const double* data_ = nullptr;
    std::vector<std::uint32_t> active_;
    std::size_t maskWords_ = 0;
    std::vector<std::uint64_t> masks_;
};

// weights[j·R + r] for active user j and resample r of the block; R ≤ 64.
void addWeightedRows(const PaddedRows& rows, const std::uint8_t* weights, std::size_t R, double* sums);

} // namespace ranklab::stats
