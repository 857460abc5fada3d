#include "ui/charts/density_plot.h"

#include <algorithm>
#include <cmath>

namespace ranklab::ui {

std::size_t densityBinsFor(std::size_t users) {
    return std::clamp<std::size_t>(std::size_t(std::lround(std::sqrt(double(users)))), 20, 100);
}

stats::Bins differenceBins(double lo, double hi, std::size_t target) {
    target = std::max<std::size_t>(target, 2);
    if (!(hi > lo)) return stats::Bins(lo - 0.5, lo + 0.5, 1);
    if (!(lo < 0 && hi > 0)) return stats::Bins(lo, hi, target);
    const double w = (hi - lo) / double(target - 1);
    // Edges at w/2 + k·w: 0 sits in the middle of a bin.
    double start = -w / 2 - w * std::ceil((-w / 2 - lo) / w);
    while (start > lo) start -= w;
    std::size_t count = std::size_t(std::ceil((hi - start) / w));
    while (start + double(count) * w < hi) ++count;
    return stats::Bins(start, start + double(count) * w, count);
}

namespace {

// Calls f(row) for every row of `rows`, or every evaluation row when null.
template <class F>
void forRows(const Evaluation& e, const std::vector<std::uint32_t>* rows, F&& f) {
    if (rows)
        for (std::uint32_t row : *rows) f(std::size_t(row));
    else
        for (std::size_t row = 0; row < e.users.size(); ++row) f(row);
}

} // namespace

DensityPlot computeDensityPlot(const Evaluation& e, const UserPair& pair, const std::vector<UserId>& selected,
                               const Progress* progress, const std::vector<std::uint32_t>* rows) {
    DensityPlot p;
    p.pair = pair;
    p.metricId = e.settings.metrics.at(pair.metric).id();
    p.totalUsers = e.users.size();
    std::vector<double> a, b, d;
    std::vector<UserId> users;  // of each value, for the selection
    forRows(e, rows, [&](std::size_t row) {
        a.push_back(e.value(pair.a, row, pair.metric));
        b.push_back(e.value(pair.b, row, pair.metric));
        d.push_back(b.back() - a.back());
        users.push_back(e.users[row]);
        p.exactTies += a.back() == b.back();
        p.atOrigin += a.back() == 0 && b.back() == 0;
    });
    const std::size_t n = a.size();
    p.users = n;
    if (progress) progress->check();

    // One range for both axes, from 0 when the values are all positive.
    auto [lo, hi] = stats::valueRange(a);
    const auto [loB, hiB] = stats::valueRange(b);
    lo = n ? std::min({lo, loB, 0.0}) : 0.0;
    hi = n ? std::max(hi, hiB) : 1.0;
    if (!(hi > lo)) hi = lo + 1;
    p.lo = lo;
    p.hi = hi;
    const stats::Bins bins(lo, hi, densityBinsFor(n));
    p.grid = stats::densityGrid(a, b, bins, bins);
    p.points = stats::distinctPoints(a, b, DensityPlot::kPointLimit);
    if (progress) progress->check();

    std::vector<double> sa, sb;
    if (!selected.empty()) {
        for (std::size_t i = 0; i < n; ++i)
            if (std::binary_search(selected.begin(), selected.end(), users[i])) {
                sa.push_back(a[i]);
                sb.push_back(b[i]);
            }
    }
    p.selected = sa.size();
    p.selectedGrid = stats::densityGrid(sa, sb, bins, bins);
    if (p.points) p.selectedPoints = *stats::distinctPoints(sa, sb, sa.size());

    const auto [dlo, dhi] = n ? stats::valueRange(d) : std::pair{0.0, 1.0};
    const bool allEqual = n && std::all_of(d.begin(), d.end(), [&](double x) { return x == d.front(); });
    p.differenceBins = allEqual ? stats::Bins(d.front() - 0.5, d.front() + 0.5, 1) : differenceBins(dlo, dhi);
    p.differenceCounts = stats::histogram(d, p.differenceBins);
    return p;
}

std::vector<UserId> usersInRect(const Evaluation& e, const UserPair& pair, const QRectF& values,
                                const std::vector<std::uint32_t>* rows) {
    const QRectF r = values.normalized();
    std::vector<UserId> users;
    forRows(e, rows, [&](std::size_t row) {
        const double a = e.value(pair.a, row, pair.metric), b = e.value(pair.b, row, pair.metric);
        if (a >= r.left() && a <= r.right() && b >= r.top() && b <= r.bottom()) users.push_back(e.users[row]);
    });
    std::sort(users.begin(), users.end());
    return users;
}

std::vector<UserId> usersWithDifferenceIn(const Evaluation& e, const UserPair& pair, double lo, double hi,
                                          const std::vector<std::uint32_t>* rows) {
    std::vector<UserId> users;
    forRows(e, rows, [&](std::size_t row) {
        const double d = e.value(pair.b, row, pair.metric) - e.value(pair.a, row, pair.metric);
        if (d >= lo && d <= hi) users.push_back(e.users[row]);
    });
    std::sort(users.begin(), users.end());
    return users;
}

} // namespace ranklab::ui
