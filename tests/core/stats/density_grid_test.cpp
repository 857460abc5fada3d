// Binned counts against brute force: every value is counted in the bin
// whose reported edges hold it (edge <= v < next edge, the last bin closed),
// including values that land exactly on edges, and the distinct points
// against a map built in the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "stats/density_grid.h"

namespace ranklab::stats {
namespace {

// The bin a brute-force scan of the edges finds, or -1 outside.
long bruteBin(const Bins& bins, double v) {
    for (std::size_t i = 0; i < bins.count(); ++i) {
        const bool last = i + 1 == bins.count();
        if (v >= bins.edge(i) && (v < bins.edge(i + 1) || (last && v <= bins.edge(i + 1)))) return long(i);
    }
    return -1;
}

TEST(DensityGridTest, EveryValueLandsInTheBinWhoseEdgesHoldIt) {
    // Values on a 0.01 grid hit edges of 100 bins over [0, 1] exactly, where
    // the plain division rounds the wrong way (0.29 * 100 = 28.999...).
    const Bins bins(0.0, 1.0, 100);
    for (int k = 0; k <= 100; ++k) {
        const double v = k / 100.0;
        ASSERT_TRUE(bins.index(v)) << v;
        EXPECT_EQ(long(*bins.index(v)), bruteBin(bins, v)) << v;
    }
    EXPECT_EQ(*bins.index(1.0), 99u);
    EXPECT_FALSE(bins.index(-1e-12));
    EXPECT_FALSE(bins.index(1.0 + 1e-12));
    const Bins odd(-0.37, 0.91, 7);
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> u(-0.5, 1.0);
    for (int i = 0; i < 20000; ++i) {
        const double v = u(rng);
        const auto at = odd.index(v);
        EXPECT_EQ(at ? long(*at) : -1L, bruteBin(odd, v)) << v;
    }
}

TEST(DensityGridTest, HistogramMatchesABruteForceCount) {
    std::mt19937_64 rng(11);
    std::normal_distribution<double> n(0.0, 0.2);
    std::vector<double> values(5000);
    for (double& v : values) v = std::round(n(rng) * 40) / 40;  // many ties, many on edges
    const auto [lo, hi] = valueRange(values);
    const Bins bins(lo, hi, 30);
    const auto counts = histogram(values, bins);
    std::vector<std::uint64_t> brute(30, 0);
    for (double v : values) ++brute[std::size_t(bruteBin(bins, v))];
    EXPECT_EQ(counts, brute);
    std::uint64_t sum = 0;
    for (auto c : counts) sum += c;
    EXPECT_EQ(sum, values.size());
}

TEST(DensityGridTest, GridCountsMatchABruteForceCountPerCell) {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<double> x(20000), y(20000);
    for (std::size_t i = 0; i < x.size(); ++i) {
        x[i] = u(rng);
        y[i] = i % 3 == 0 ? std::round(x[i] * 20) / 20 : u(rng) * u(rng);  // some on edges, skewed
    }
    const Bins columns(0.0, 1.0, 40), rows(0.0, 1.0, 25);
    const DensityGrid g = densityGrid(x, y, columns, rows);
    // Brute force: each pair in the cell whose edges (scanned) hold it.
    std::vector<std::uint64_t> brute(columns.count() * rows.count(), 0);
    for (std::size_t i = 0; i < x.size(); ++i)
        ++brute[std::size_t(bruteBin(rows, y[i])) * columns.count() + std::size_t(bruteBin(columns, x[i]))];
    std::uint64_t max = 0;
    for (std::size_t r = 0; r < rows.count(); ++r)
        for (std::size_t c = 0; c < columns.count(); ++c) {
            ASSERT_EQ(g.at(c, r), brute[r * columns.count() + c]) << "cell " << c << "," << r;
            max = std::max(max, brute[r * columns.count() + c]);
        }
    EXPECT_EQ(g.maxCount, max);
    EXPECT_EQ(g.total, x.size());
}

TEST(DensityGridTest, ValuesOutsideTheRangeAreNotCounted) {
    const std::vector<double> x{0.1, 0.5, 2.0, 0.9}, y{0.1, -1.0, 0.5, 0.9};
    const DensityGrid g = densityGrid(x, y, Bins(0, 1, 2), Bins(0, 1, 2));
    EXPECT_EQ(g.total, 2u);
    EXPECT_EQ(g.at(0, 0), 1u);
    EXPECT_EQ(g.at(1, 1), 1u);
}

TEST(DensityGridTest, DistinctPointsCountTheValuesOnEachPoint) {
    const std::vector<double> x{0.5, 0.0, 0.5, 1.0, 0.5, 0.0}, y{0.5, 0.0, 0.5, 0.0, 1.0, 0.0};
    std::map<std::pair<double, double>, std::uint64_t> brute;
    for (std::size_t i = 0; i < x.size(); ++i) ++brute[{x[i], y[i]}];
    const auto points = distinctPoints(x, y, 10);
    ASSERT_TRUE(points);
    ASSERT_EQ(points->size(), brute.size());
    std::size_t i = 0;
    for (const auto& [xy, count] : brute) {
        EXPECT_EQ((*points)[i], (WeightedPoint{xy.first, xy.second, count}));
        ++i;
    }
    EXPECT_TRUE(distinctPoints(x, y, 4));
    EXPECT_FALSE(distinctPoints(x, y, 3));  // four distinct points
}

TEST(DensityGridTest, RangeOfEqualValuesIsWidenedAroundThem) {
    const std::vector<double> same{0.25, 0.25};
    EXPECT_EQ(valueRange(same), (std::pair{-0.25, 0.75}));
    EXPECT_EQ(valueRange(std::vector<double>{}), (std::pair{0.0, 1.0}));
    EXPECT_EQ(valueRange(std::vector<double>{0.3, -0.2, 0.1}), (std::pair{-0.2, 0.3}));
}

} // namespace
} // namespace ranklab::stats
