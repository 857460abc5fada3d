// RowSelection keeps exactly the items scored at least the depth-th best
// finite score, in column order (checked against sorting the row).
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
