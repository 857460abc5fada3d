#pragma once
// A numeric axis whose tick labels RankLab writes itself. Qt Charts formats
// a QValueAxis's ticks from min + i·step, so a tick meant to be 0 can come
// out as −2.8e-17 and print "-0.00"; these ticks are whole multiples of a
// 1-2-5 step (i·step, so 0 is exactly 0) and a label that rounds to zero
// prints "0". The axis is a QCategoryAxis (so still a QValueAxis) with a
// label and a grid line on every tick.
#include <QString>

class QCategoryAxis;

namespace ranklab::ui {

// `value` with `decimals` decimals; anything that rounds to zero is "0"
// (never "-0.00").
QString axisNumber(double value, int decimals);

// A step of 1, 2 or 5 × 10^n giving at most about `ticks` intervals over `span`.
double niceAxisStep(double span, int ticks);

// A new axis (labels on the tick values).
QCategoryAxis* makeValueAxis();

// Covers [lo, hi] with ticks at multiples of a nice step (about `ticks`
// intervals): the range grows outwards to the nearest ticks.
void setValueAxisRange(QCategoryAxis* axis, double lo, double hi, int ticks = 6);

} // namespace ranklab::ui
