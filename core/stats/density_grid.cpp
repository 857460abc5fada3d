#include "stats/density_grid.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace ranklab::stats {

Bins::Bins(double lo, double hi, std::size_t count) : lo_(lo), hi_(hi), count_(count) {
    if (!(hi > lo) || count == 0) throw std::invalid_argument("bins need hi > lo and at least one bin");
}

double Bins::edge(std::size_t i) const {
    if (i >= count_) return hi_;
    return lo_ + (hi_ - lo_) * (double(i) / double(count_));
}

std::optional<std::size_t> Bins::index(double v) const {
    if (!(v >= lo_ && v <= hi_)) return std::nullopt;
    const double scaled = (v - lo_) / (hi_ - lo_) * double(count_);
    std::size_t i = std::min(count_ - 1, std::size_t(std::max(0.0, scaled)));
    // The division may round across an edge: settle on the edges as edge() reports them.
    while (i + 1 < count_ && v >= edge(i + 1)) ++i;
    while (i > 0 && v < edge(i)) --i;
    return i;
}

std::pair<double, double> valueRange(std::span<const double> values) {
    double lo = 0, hi = 0;
    bool any = false;
    for (double v : values) {
        if (std::isnan(v)) continue;
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
    }
    if (!any) return {0.0, 1.0};
    if (hi > lo) return {lo, hi};
    return {lo - 0.5, lo + 0.5};
}

std::vector<std::uint64_t> histogram(std::span<const double> values, const Bins& bins) {
    std::vector<std::uint64_t> counts(bins.count(), 0);
    for (double v : values)
        if (const auto i = bins.index(v)) ++counts[*i];
    return counts;
}

DensityGrid densityGrid(std::span<const double> x, std::span<const double> y, const Bins& columns, const Bins& rows) {
    if (x.size() != y.size()) throw std::invalid_argument("density grid: x and y differ in length");
    DensityGrid g;
    g.columns = columns;
    g.rows = rows;
    g.counts.assign(columns.count() * rows.count(), 0);
    for (std::size_t i = 0; i < x.size(); ++i) {
        const auto c = columns.index(x[i]);
        const auto r = rows.index(y[i]);
        if (!c || !r) continue;
        const std::uint64_t n = ++g.counts[*r * columns.count() + *c];
        g.maxCount = std::max(g.maxCount, n);
        ++g.total;
    }
    return g;
}

std::optional<std::vector<WeightedPoint>> distinctPoints(std::span<const double> x, std::span<const double> y,
                                                        std::size_t limit) {
    if (x.size() != y.size()) throw std::invalid_argument("distinct points: x and y differ in length");
    std::vector<std::pair<double, double>> pairs(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) pairs[i] = {x[i], y[i]};
    std::sort(pairs.begin(), pairs.end());
    std::vector<WeightedPoint> points;
    for (std::size_t i = 0; i < pairs.size();) {
        std::size_t j = i + 1;
        while (j < pairs.size() && pairs[j] == pairs[i]) ++j;
        if (points.size() == limit) return std::nullopt;
        points.push_back({pairs[i].first, pairs[i].second, std::uint64_t(j - i)});
        i = j;
    }
    return points;
}

} // namespace ranklab::stats
