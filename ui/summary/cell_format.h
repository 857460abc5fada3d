#pragma once
// How the summary writes its numbers: values with four decimals, p-values
// with three significant digits (small ones in scientific notation), "–"
// for an undefined value.
#include <QString>

namespace ranklab::ui {

QString formatValue(double x, int decimals = 4);
QString formatSigned(double x, int decimals = 4);  // "+0.0123", "−0.0123"; a value rounding to 0: "0.0000"
// Three significant digits; below 1e-16 (0 included) "< 1e-16": a bound, not a value.
inline constexpr double kSmallestPValue = 1e-16;
QString formatPValue(double p);
// "p = 0.0312" or "p &lt; 1e-16" (rich text).
QString pEqualsHtml(double p);
// "95%"
QString formatLevel(double level);

} // namespace ranklab::ui
