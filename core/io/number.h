#pragma once
// Strict number parsing for scores and grades: the whole field must be a
// decimal or scientific number, "inf"/"infinity" with an optional sign, and
// never NaN.
#include <charconv>
#include <cmath>
#include <string_view>

namespace ranklab {

enum class NumberStatus { Ok, NotANumber, NaN };

inline NumberStatus parseNumber(std::string_view text, double& out) {
    const char* first = text.data();
    const char* last = first + text.size();
    if (first != last && *first == '+') {
        ++first;
        if (first != last && (*first == '-' || *first == '+')) return NumberStatus::NotANumber;
    }
    if (first == last) return NumberStatus::NotANumber;
    auto [end, ec] = std::from_chars(first, last, out);
    if (ec == std::errc::result_out_of_range) {
        // Overflow becomes ±inf, underflow 0, as strtod does.
        if (end != last) return NumberStatus::NotANumber;
        bool minus = *first == '-';
        bool huge = false;
        for (const char* p = first; p != last; ++p) {
            if (*p == 'e' || *p == 'E') {
                huge = p + 1 != last && p[1] != '-';
                break;
            }
        }
        out = huge ? (minus ? -HUGE_VAL : HUGE_VAL) : (minus ? -0.0 : 0.0);
        return NumberStatus::Ok;
    }
    if (ec != std::errc() || end != last) return NumberStatus::NotANumber;
    if (std::isnan(out)) return NumberStatus::NaN;
    return NumberStatus::Ok;
}

} // namespace ranklab
