#pragma once
// The x axis of a metric-vs-k chart (Curves, and its difference to a
// baseline): k from 1 to the largest cutoff, linear with whole-number ticks
// at a 1-2-5 step, or logarithmic (base 10); a single cutoff gets a range
// around 1 so its point is not on the edge.
#include <cstdint>

class QAbstractAxis;

namespace ranklab::ui {

struct AxisSpan {
    double lo = 0, hi = 1;
};

// The range the axis shows for cutoffs 1..kmax.
AxisSpan cutoffAxisSpan(std::uint32_t kmax, bool logK);

// A new axis over cutoffAxisSpan(kmax, logK), titled "k (cutoff)".
QAbstractAxis* makeCutoffAxis(std::uint32_t kmax, bool logK);

} // namespace ranklab::ui
