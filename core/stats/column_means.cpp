#include "stats/column_means.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

#include "stats/exact_sum.h"
#include "stats/moments.h"

namespace ranklab::stats {
namespace {

// What a mean needs of each column of a block of rows: the exact sum, the
// extremes (a constant column's mean is its value) and whether a NaN was seen.
struct Partial {
    std::vector<ExactSum> sums;
    std::vector<double> lo, hi;
    std::vector<std::uint8_t> nan;

    explicit Partial(std::size_t columns)
        : sums(columns), lo(columns, std::numeric_limits<double>::infinity()),
          hi(columns, -std::numeric_limits<double>::infinity()), nan(columns, 0) {}

    void merge(const Partial& o) {
        for (std::size_t c = 0; c < sums.size(); ++c) {
            sums[c].merge(o.sums[c]);
            lo[c] = std::min(lo[c], o.lo[c]);
            hi[c] = std::max(hi[c], o.hi[c]);
            nan[c] |= o.nan[c];
        }
    }
};

} // namespace

void columnMeans(std::span<const double> table, std::size_t rows, std::size_t columns,
                 std::span<const std::uint8_t> skip, std::span<double> means, const Parallelism& parallelism) {
    if (columns == 0) return;
    auto skipped = [&](std::size_t c) { return c < skip.size() && skip[c] != 0; };
    if (rows == 0) {
        for (std::size_t c = 0; c < columns; ++c)
            if (!skipped(c)) means[c] = kNaN;
        return;
    }
    Partial total(columns);
    std::mutex lock;
    // Blocks of rows; each block's columns summed row by row (the table is
    // read in memory order), then merged: exact sums make the order moot.
    constexpr std::size_t kRowsPerBlock = 4096;
    const std::size_t blocks = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
    parallelism.forRange(0, blocks, 1, [&](std::size_t firstBlock, std::size_t endBlock) {
        Partial part(columns);
        const std::size_t end = std::min(rows, endBlock * kRowsPerBlock);
        for (std::size_t row = firstBlock * kRowsPerBlock; row < end; ++row) {
            const double* values = table.data() + row * columns;
            for (std::size_t c = 0; c < columns; ++c) {
                const double v = values[c];
                if (std::isnan(v)) {
                    part.nan[c] = 1;
                } else {
                    part.lo[c] = std::min(part.lo[c], v);
                    part.hi[c] = std::max(part.hi[c], v);
                }
                part.sums[c].add(v);
            }
        }
        std::lock_guard<std::mutex> guard(lock);
        total.merge(part);
    });
    for (std::size_t c = 0; c < columns; ++c) {
        if (skipped(c)) continue;
        // As ExactMoments::moments(): a constant column's mean is its value.
        means[c] = !total.nan[c] && total.lo[c] == total.hi[c] ? total.lo[c]
                                                               : total.sums[c].value() / static_cast<double>(rows);
    }
}

} // namespace ranklab::stats
