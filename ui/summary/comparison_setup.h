#pragma once
// Everything the Summary's toolbar sets, as one value a workspace can save
// and restore: the comparison (baseline or all pairs, the test behind the
// marks, the correction, α) and how the table shows it (the interval, the
// cell display, transposed or not).
#include <cstddef>
#include <optional>

#include "compare/comparison.h"
#include "ui/summary/cell_display.h"

namespace ranklab::ui {

// Which interval a cell shows after its mean or difference.
enum class CiKind { T, Bootstrap, None };

struct ComparisonSetup {
    std::optional<std::size_t> baseline = 0;  // a model index; none: all pairs
    stats::SignificanceTest test = stats::SignificanceTest::TTest;
    stats::Correction correction = stats::Correction::Holm;
    double alpha = 0.05;
    CiKind interval = CiKind::T;
    CellDisplay display = CellDisplay::Mean;
    bool transposed = false;

    bool operator==(const ComparisonSetup&) const = default;
};

// The window's comparison before the user chooses anything: the core's
// defaults against the first model, as `ranklab-cli compare` (the toolbar
// starts from it, and File → New or a workspace without a set-up go back to it).
inline stats::ComparisonOptions defaultComparisonOptions() {
    stats::ComparisonOptions options;
    options.baseline = 0;
    return options;
}

} // namespace ranklab::ui
