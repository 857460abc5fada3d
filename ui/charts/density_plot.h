#pragma once
// What the Per user chart draws for model A against model B on one metric
// column, computed off the GUI thread from the evaluation's per-user
// values: the 2-D binned counts of (A, B) over one shared range, the
// distinct points with their counts while they are few (discrete metrics,
// small workspaces), the same for the selected users, and the histogram of
// B − A. Building the chart from it costs the bins, never the users.
#include <QRectF>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/progress.h"
#include "eval/evaluation.h"
#include "stats/density_grid.h"

namespace ranklab::ui {

struct UserPair {
    std::size_t a = 0, b = 0;  // model indices
    std::size_t metric = 0;    // evaluation column
    bool operator==(const UserPair&) const = default;
};

struct DensityPlot {
    // Up to this many distinct (A, B) points are drawn as points (their
    // count as size and colour); more are drawn as binned density.
    static constexpr std::size_t kPointLimit = 2500;

    UserPair pair;
    std::string metricId;
    std::size_t users = 0;       // the users drawn (the rows the filters keep)
    std::size_t totalUsers = 0;  // the evaluation's users
    std::size_t exactTies = 0;   // users drawn with B = A exactly (NaN never ties)
    std::size_t atOrigin = 0;    // users drawn with A = B = 0 (the corner the cells hide)
    double lo = 0, hi = 1;  // the range of A and of B, shared (the diagonal is the diagonal)
    stats::DensityGrid grid;
    std::optional<std::vector<stats::WeightedPoint>> points;  // when at most kPointLimit
    std::size_t selected = 0;                                 // selected users among the rows
    stats::DensityGrid selectedGrid;                          // their cells (empty counts when none)
    std::vector<stats::WeightedPoint> selectedPoints;         // their distinct points, when points
    stats::Bins differenceBins;
    std::vector<std::uint64_t> differenceCounts;

    bool discrete() const { return points.has_value(); }
};

// The grid's bins per axis for `users` users: about sqrt(users), 20..100.
std::size_t densityBinsFor(std::size_t users);
// About `target` equal bins over [lo, hi] with 0 at the middle of a bin
// when 0 lies inside (the ties, B = A, get a bar of their own).
stats::Bins differenceBins(double lo, double hi, std::size_t target = 30);

// Computes everything drawn; `selected` ascending (SelectedUsers' order).
// Over the evaluation rows `rows` (ascending; null: every row), so the chart
// shows what the filters keep. Checks `progress` for cancellation.
DensityPlot computeDensityPlot(const Evaluation& e, const UserPair& pair, const std::vector<UserId>& selected,
                               const Progress* progress = nullptr, const std::vector<std::uint32_t>* rows = nullptr);

// The users whose (A, B) lies inside `values` (value coordinates, edges
// included), ascending: from the per-user values, not from the bins; among
// `rows` (null: every row), as drawn.
std::vector<UserId> usersInRect(const Evaluation& e, const UserPair& pair, const QRectF& values,
                                const std::vector<std::uint32_t>* rows = nullptr);
// The users whose B − A lies in [lo, hi], ascending (a drag on the histogram).
std::vector<UserId> usersWithDifferenceIn(const Evaluation& e, const UserPair& pair, double lo, double hi,
                                          const std::vector<std::uint32_t>* rows = nullptr);

} // namespace ranklab::ui
