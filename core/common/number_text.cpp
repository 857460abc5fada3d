#include "common/number_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace ranklab {

std::string fixedDecimals(double value, int digits) {
    char buffer[400];  // DBL_MAX has 309 digits before the point
    const int n = std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
    return std::string(buffer, n > 0 && n < int(sizeof buffer) ? std::size_t(n) : std::size_t(0));
}

std::string fixedDecimals(double value, int digits, std::string_view nan) {
    return std::isnan(value) ? std::string(nan) : fixedDecimals(value, digits);
}

std::string signedDecimals(double value, int digits, std::string_view nan) {
    if (std::isnan(value)) return std::string(nan);
    char buffer[400];
    const int n = std::snprintf(buffer, sizeof buffer, "%+.*f", digits, value);
    return std::string(buffer, n > 0 && n < int(sizeof buffer) ? std::size_t(n) : std::size_t(0));
}

std::string shortestText(double value) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, end);
}

std::string shortestText(double value, std::string_view nan) {
    return std::isnan(value) ? std::string(nan) : shortestText(value);
}

} // namespace ranklab
