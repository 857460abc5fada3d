// The means the evaluation reports: columnMeans() gives the bits of
// moments().mean, column by column, for any thread count, with
// constant columns, signed zeros, NaN and infinities.
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "stats/column_means.h"
#include "stats/moments.h"

namespace ranklab::stats {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool sameBits(double a, double b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); }

std::vector<std::vector<double>> columnsOfEveryKind() {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::size_t rows = 10007;  // not a multiple of a block
    std::vector<std::vector<double>> columns(9, std::vector<double>(rows));
    for (std::size_t r = 0; r < rows; ++r) {
        columns[0][r] = unit(rng);                             // ordinary values
        columns[1][r] = 0.1;                                   // constant: its value, not round(n·0.1)/n
        columns[2][r] = r % 2 ? 0.0 : -0.0;                    // signed zeros
        columns[3][r] = r == 77 ? std::nan("") : unit(rng);    // one NaN
        columns[4][r] = r == 5 ? kInf : unit(rng);             // one infinity
        columns[5][r] = r == 5 ? kInf : r == 6 ? -kInf : 1.0;  // both infinities
        columns[6][r] = std::ldexp(unit(rng), -1060);          // subnormals
        columns[7][r] = (r % 3 ? 1e300 : -1e300) * unit(rng);  // cancellation
        columns[8][r] = r % 10 == 0 ? 1.0 : 0.0;               // hit-rate like
    }
    return columns;
}

// One column as a table of one column.
double meanOf(const std::vector<double>& column) {
    std::vector<double> means(1, -7.0);
    columnMeans(column, column.size(), 1, {}, means, Parallelism(1));
    return means[0];
}

TEST(ColumnMeans, OneColumnHasTheBitsOfTheMomentsMean) {
    for (const auto& column : columnsOfEveryKind())
        EXPECT_TRUE(sameBits(meanOf(column), moments(column).mean)) << meanOf(column) << " " << moments(column).mean;
    EXPECT_TRUE(std::isnan(meanOf(std::vector<double>{})));
    // A constant column's mean is its value; the rounded sum over n is not.
    const std::vector<double> tenths(3, 0.1);
    EXPECT_EQ(meanOf(tenths), 0.1);
}

TEST(ColumnMeans, EveryColumnOfATableForAnyThreadCount) {
    const auto columns = columnsOfEveryKind();
    const std::size_t rows = columns[0].size(), width = columns.size();
    std::vector<double> table(rows * width);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < width; ++c) table[r * width + c] = columns[c][r];
    std::vector<std::uint8_t> skip(width, 0);
    skip[4] = 1;  // a set-level column: left as it was
    for (int threads : {1, 2, 5}) {
        std::vector<double> means(width, -7.0);
        columnMeans(table, rows, width, skip, means, Parallelism(threads));
        for (std::size_t c = 0; c < width; ++c) {
            if (skip[c]) {
                EXPECT_EQ(means[c], -7.0);
                continue;
            }
            EXPECT_TRUE(sameBits(means[c], moments(columns[c]).mean)) << "column " << c << ", " << threads << " threads";
        }
    }
}

} // namespace
} // namespace ranklab::stats
