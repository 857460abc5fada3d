#pragma once
// Binned counts of many values, for plots that must not draw one mark per
// user: equal bins over a range (1-D, the histogram of differences; 2-D,
// the density of (A, B) pairs), and the distinct (x, y) points with how many
// values fall on each while they are few. A value belongs to bin i exactly
// when edge(i) <= v < edge(i + 1) (the last bin also takes its upper edge),
// with the edges as edge() computes them, so a bin's reported range is
// exactly what it counts. Values outside the range are not counted.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace ranklab::stats {

// `count` equal bins over [lo, hi] (hi > lo, count >= 1).
class Bins {
public:
    Bins() = default;
    Bins(double lo, double hi, std::size_t count);

    double lo() const { return lo_; }
    double hi() const { return hi_; }
    std::size_t count() const { return count_; }
    // The lower edge of bin i (edge(count()) == hi()).
    double edge(std::size_t i) const;
    // The bin of `v`, or none when v is outside [lo, hi] (or NaN).
    std::optional<std::size_t> index(double v) const;

private:
    double lo_ = 0, hi_ = 1;
    std::size_t count_ = 1;
};

// The range [lo, hi] the values span, widened to width 1 around the value
// when they are all equal (so it always has hi > lo); [0, 1] when empty.
std::pair<double, double> valueRange(std::span<const double> values);

// Counts of `values` per bin.
std::vector<std::uint64_t> histogram(std::span<const double> values, const Bins& bins);

// Counts of (x[i], y[i]) per cell; cell (column, row) is at
// counts[row * columns.count() + column], row 0 the lowest y.
struct DensityGrid {
    Bins columns, rows;  // over x, over y
    std::vector<std::uint64_t> counts;
    std::uint64_t maxCount = 0;
    std::uint64_t total = 0;  // the pairs counted

    std::uint64_t at(std::size_t column, std::size_t row) const { return counts[row * columns.count() + column]; }
};
// x and y have the same length.
DensityGrid densityGrid(std::span<const double> x, std::span<const double> y, const Bins& columns,
                        const Bins& rows);

struct WeightedPoint {
    double x = 0, y = 0;
    std::uint64_t count = 0;
    bool operator==(const WeightedPoint&) const = default;
};
// The distinct (x[i], y[i]) pairs with how many i share each, ascending by
// (x, y); none when there are more than `limit` distinct pairs.
std::optional<std::vector<WeightedPoint>> distinctPoints(std::span<const double> x, std::span<const double> y,
                                                        std::size_t limit);

} // namespace ranklab::stats
