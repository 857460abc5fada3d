#pragma once
// Numbers written as text, the two ways every report writes them: a fixed
// number of decimals (for people) and the shortest text that reads back as
// the same double (for machines: CSV, JSON). Each report chooses how a
// missing value (NaN) shows in its own tables ("-", "n/a", "NaN", empty).
#include <string>
#include <string_view>

namespace ranklab {

// `digits` decimals, as printf's "%.*f" writes them ("0.1235", "inf", "nan").
std::string fixedDecimals(double value, int digits);
// The same, with NaN written as `nan`.
std::string fixedDecimals(double value, int digits, std::string_view nan);
// `digits` decimals with the sign always written ("+0.0120", "-0.0031"); NaN as `nan`.
std::string signedDecimals(double value, int digits, std::string_view nan);

// The shortest text that reads back as the same double (std::to_chars: "0.1", "1e-07").
std::string shortestText(double value);
// The same, with NaN written as `nan`.
std::string shortestText(double value, std::string_view nan);

} // namespace ranklab
