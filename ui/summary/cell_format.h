#pragma once
// How the summary writes its numbers: values with four decimals, p-values
// with three significant digits (small ones in scientific notation), "–"
// for an undefined value.
#include <QString>

namespace ranklab::ui {

QString formatValue(double x, int decimals = 4);
QString formatSigned(double x, int decimals = 4);  // "+0.0123", "−0.0123"
QString formatPValue(double p);
// "95%"
QString formatLevel(double level);

} // namespace ranklab::ui
