// RowSelection keeps exactly the items scored at least the depth-th best
// finite score, ranked: score descending, then column ascending (checked
// against sorting the row).
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "io/row_selection.h"

namespace ranklab {
namespace {

std::vector<std::uint32_t> bySorting(const std::vector<double>& row, std::uint32_t depth) {
    std::vector<double> finite;
    for (double v : row)
        if (v != -std::numeric_limits<double>::infinity()) finite.push_back(v);
    std::sort(finite.rbegin(), finite.rend());
    const double threshold = depth == 0 || finite.size() <= depth ? -std::numeric_limits<double>::infinity()
                                                                  : finite[depth - 1];
    std::vector<std::uint32_t> out;
    for (std::uint32_t c = 0; c < row.size(); ++c)
        if (row[c] >= threshold && row[c] != -std::numeric_limits<double>::infinity()) out.push_back(c);
    std::stable_sort(out.begin(), out.end(), [&](std::uint32_t a, std::uint32_t b) { return row[a] > row[b]; });
    return out;
}

TEST(RowSelection, KeepsTheTopDepthAndTheWholeStraddlingTieGroup) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 500; ++trial) {
        const std::size_t n = 1 + rng() % 60;
        const int levels = 1 + int(rng() % 8);
        std::vector<double> row(n);
        for (double& v : row) v = rng() % 5 == 0 ? -std::numeric_limits<double>::infinity() : double(rng() % levels);
        const std::uint32_t depth = rng() % 12;
        RowSelection selection(depth);
        std::vector<std::uint32_t> kept;
        ASSERT_EQ(selection.select(row.data(), n, kept), -1);
        EXPECT_EQ(kept, bySorting(row, depth)) << "trial " << trial;
        // A float32 row read in place keeps the same columns.
        std::vector<float> floats(row.begin(), row.end());
        std::vector<std::uint32_t> keptFloat;
        ASSERT_EQ(selection.select(floats.data(), n, keptFloat), -1);
        EXPECT_EQ(keptFloat, kept) << "trial " << trial;
    }
}

TEST(RowSelection, ReportsTheFirstNanColumn) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> row = {1, 2, 3, nan, 5, nan};
    std::vector<std::uint32_t> kept;
    EXPECT_EQ(RowSelection(2).select(row.data(), row.size(), kept), 3);
    EXPECT_EQ(RowSelection(0).select(row.data(), row.size(), kept), 3);
    std::vector<double> early = {nan, 1, 2};
    EXPECT_EQ(RowSelection(1).select(early.data(), early.size(), kept), 0);
    std::vector<float> floats = {1, 2, 3, std::numeric_limits<float>::quiet_NaN(), 5};
    EXPECT_EQ(RowSelection(2).select(floats.data(), floats.size(), kept), 3);
}

} // namespace
} // namespace ranklab

namespace ranklab {
namespace {

TEST(RowSelection, LongRowsKeepWhatSortingKeepsWhateverTheTiesAndTheOrder) {
    // Rows long enough for the chunked test (16 scores at a time) and its
    // scalar tail: few or many distinct scores, ascending, descending or
    // shuffled, -inf scattered, a depth below, at or above the finite count.
    std::mt19937 rng(5);
    for (int trial = 0; trial < 300; ++trial) {
        const std::size_t n = 16 + rng() % 3000;
        const int levels = trial % 3 == 0 ? 1 + int(rng() % 4) : 1 + int(rng() % 5000);
        std::vector<double> row(n);
        for (double& v : row) v = rng() % 7 == 0 ? -std::numeric_limits<double>::infinity() : double(rng() % levels) / 8;
        if (trial % 5 == 1) std::sort(row.begin(), row.end());
        if (trial % 5 == 2) std::sort(row.rbegin(), row.rend());
        const std::uint32_t depth = trial % 4 == 0 ? std::uint32_t(n + rng() % 5) : 1 + rng() % 200;
        RowSelection selection(depth);
        std::vector<std::uint32_t> kept;
        ASSERT_EQ(selection.select(row.data(), n, kept), -1);
        EXPECT_EQ(kept, bySorting(row, depth)) << "trial " << trial;
        std::vector<float> floats(row.begin(), row.end());
        std::vector<std::uint32_t> keptFloat;
        ASSERT_EQ(selection.select(floats.data(), n, keptFloat), -1);
        EXPECT_EQ(keptFloat, kept) << "trial " << trial;
    }
}

TEST(RowSelection, TheFirstNanOfALongRowIsFoundInEveryChunkPosition) {
    std::mt19937 rng(9);
    for (std::size_t at : {0u, 5u, 15u, 16u, 17u, 31u, 100u, 1999u}) {
        std::vector<double> row(2000);
        for (double& v : row) v = double(rng() % 1000);
        row[at] = std::numeric_limits<double>::quiet_NaN();
        if (at + 7 < row.size()) row[at + 7] = std::numeric_limits<double>::quiet_NaN();
        std::vector<float> floats(row.begin(), row.end());
        std::vector<std::uint32_t> kept;
        for (std::uint32_t depth : {0u, 1u, 10u, 5000u}) {
            EXPECT_EQ(RowSelection(depth).select(row.data(), row.size(), kept), std::int64_t(at)) << depth;
            EXPECT_EQ(RowSelection(depth).select(floats.data(), floats.size(), kept), std::int64_t(at)) << depth;
        }
    }
}

} // namespace
} // namespace ranklab

namespace ranklab {
namespace {

TEST(RowSelection, OneSelectionOverManyRowsKeepsWhatSortingKeeps) {
    // The bar a row starts from is a guess from the previous row: rows whose
    // scores shift up and down (a guess too low, too high: read again),
    // rows of one tied score, short rows, must all keep what sorting keeps.
    std::mt19937 rng(21);
    for (std::uint32_t depth : {1u, 7u, 100u}) {
        RowSelection selection(depth);
        for (int r = 0; r < 400; ++r) {
            const std::size_t n = r % 17 == 0 ? 1 + rng() % 40 : 200 + rng() % 2000;
            const double shift = double(int(rng() % 7) - 3) * 100;
            const int levels = r % 11 == 0 ? 1 : 1 + int(rng() % 3000);
            std::vector<double> row(n);
            for (double& v : row)
                v = rng() % 13 == 0 ? -std::numeric_limits<double>::infinity() : shift + double(rng() % levels);
            std::vector<std::uint32_t> kept;
            ASSERT_EQ(selection.select(row.data(), n, kept), -1);
            ASSERT_EQ(kept, bySorting(row, depth)) << "depth " << depth << " row " << r;
            std::vector<float> floats(row.begin(), row.end());
            ASSERT_EQ(selection.select(floats.data(), n, kept), -1);
            ASSERT_EQ(kept, bySorting(row, depth)) << "float, depth " << depth << " row " << r;
        }
    }
}

} // namespace
} // namespace ranklab
