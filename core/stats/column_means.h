#pragma once
// The mean of every column of a row-major table of per-user values, with
// the bits of moments().mean of each column: exact sums,
// so the rows can be read in order (cache-friendly) and split over threads
// without changing a bit.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "common/parallel.h"

namespace ranklab::stats {

// means[c] for every column c with skip[c] == 0 (skip may be empty); the
// others are left as they are. `table` holds rows × columns values.
void columnMeans(std::span<const double> table, std::size_t rows, std::size_t columns,
                 std::span<const std::uint8_t> skip, std::span<double> means, const Parallelism& parallelism);

} // namespace ranklab::stats
