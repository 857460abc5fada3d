#pragma once
// The inner loop of the bootstrap and the random sign flips: for a block of
// R resamples, each a weight per user (how often the bootstrap drew the user,
// or 1 where the sign flip hits it), the weighted sums of every column.
//
//   sums[r·stride + c] += Σ_j weights[j·R + r] · rows[users[j]·stride + c]
//
// over the listed users j in order, skipping zero weights. Every sum is formed
// in user order with one accumulator, so a column's sums do not depend on the
// other columns, on R, or on how the resamples are split between threads.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ranklab::stats {

// Rows of `stride` values (1, or a multiple of kRowAlignment, zero padded).
inline constexpr std::size_t kRowAlignment = 8;
inline std::size_t paddedStride(std::size_t k) {
    return k <= 1 ? k : (k + kRowAlignment - 1) / kRowAlignment * kRowAlignment;
}

void addWeightedRows(const double* rows, std::size_t stride, const std::uint32_t* users, std::size_t userCount,
                     const std::uint8_t* weights, std::size_t R, double* sums);

// Columns of the same users as padded rows (a single column as it is), and
// the users with a nonzero value somewhere (the others add nothing).
struct PaddedRows {
    std::size_t stride = 0;
    std::vector<double> values;  // empty when a single column is used in place
    const double* data = nullptr;
    std::vector<std::uint32_t> activeUsers;
};
template <class Columns>
PaddedRows padRows(const Columns& columns, std::size_t n) {
    PaddedRows out;
    const std::size_t k = columns.size();
    out.stride = paddedStride(k);
    if (k == 1) {
        out.data = columns[0].data();
    } else {
        out.values.assign(n * out.stride, 0.0);
        for (std::size_t c = 0; c < k; ++c)
            for (std::size_t i = 0; i < n; ++i) out.values[i * out.stride + c] = columns[c][i];
        out.data = out.values.data();
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t c = 0; c < k; ++c)
            if (out.data[i * out.stride + c] != 0) {
                out.activeUsers.push_back(static_cast<std::uint32_t>(i));
                break;
            }
    return out;
}

} // namespace ranklab::stats
