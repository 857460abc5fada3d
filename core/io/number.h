#pragma once
// Strict number parsing for scores and grades: the whole field must be a
// decimal or scientific number, "inf"/"infinity" with an optional sign, and
// never NaN.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace ranklab {

enum class NumberStatus { Ok, NotANumber, NaN };

// Plain decimals ("-12.345678") of at most 15 digits: the digits form an
// exact integer m < 2^53 and 10^f is exact for f <= 22, so m / 10^f is one
// correctly rounded division, the same double strtod gives (Clinger 1990).
// Returns false for anything else (exponents, long mantissas, inf, ...).
inline bool parseShortDecimal(const char* p, const char* last, double& out) {
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    bool negative = false;
    if (p != last && *p == '-') {
        negative = true;
        ++p;
    }
    std::uint64_t mantissa = 0;
    int digits = 0, fraction = 0;
    while (p != last && static_cast<unsigned>(*p - '0') < 10) {
        mantissa = mantissa * 10 + static_cast<unsigned>(*p++ - '0');
        ++digits;
    }
    if (p != last && *p == '.') {
        ++p;
        while (p != last && static_cast<unsigned>(*p - '0') < 10) {
            mantissa = mantissa * 10 + static_cast<unsigned>(*p++ - '0');
            ++digits;
            ++fraction;
        }
    }
    if (p != last || digits == 0 || digits > 15) return false;
    double value = static_cast<double>(mantissa);
    if (fraction > 0) value /= kPow10[fraction];
    out = negative ? -value : value;
    return true;
}

// For a decimal that from_chars found out of range: true if it is huge
// (overflow), false if tiny (underflow). The decimal exponent of its first
// non-zero digit decides, e.g. "12.5e400" -> 401, "0.001" -> -3.
inline bool isHugeDecimal(const char* p, const char* last) {
    if (p != last && *p == '-') ++p;
    long long point = -1, firstNonZero = -1, index = 0;
    for (; p != last && *p != 'e' && *p != 'E'; ++p) {
        if (*p == '.') {
            point = index;
            continue;
        }
        if (firstNonZero < 0 && *p != '0') firstNonZero = index;
        ++index;
    }
    if (firstNonZero < 0) return false;  // all zeros
    if (point < 0) point = index;
    long long exponent = 0;
    if (p != last) {
        ++p;  // the 'e'
        bool negative = p != last && *p == '-';
        if (p != last && (*p == '-' || *p == '+')) ++p;
        for (; p != last; ++p) exponent = std::min<long long>(exponent * 10 + (*p - '0'), 1000000000);
        if (negative) exponent = -exponent;
    }
    // Digits are counted without the point: the first non-zero digit has
    // weight 10^(point - firstNonZero - 1).
    return point - firstNonZero - 1 + exponent > 0;
}

inline NumberStatus parseNumber(std::string_view text, double& out) {
    const char* first = text.data();
    const char* last = first + text.size();
    if (first != last && *first == '+') {
        ++first;
        if (first != last && (*first == '-' || *first == '+')) return NumberStatus::NotANumber;
    }
    if (first == last) return NumberStatus::NotANumber;
    if (parseShortDecimal(first, last, out)) return NumberStatus::Ok;
    auto [end, ec] = std::from_chars(first, last, out);
    if (ec == std::errc::result_out_of_range) {
        // Overflow becomes ±inf, underflow 0, as strtod does.
        if (end != last) return NumberStatus::NotANumber;
        bool minus = *first == '-';
        bool huge = isHugeDecimal(first, last);
        out = huge ? (minus ? -HUGE_VAL : HUGE_VAL) : (minus ? -0.0 : 0.0);
        return NumberStatus::Ok;
    }
    if (ec != std::errc() || end != last) return NumberStatus::NotANumber;
    if (std::isnan(out)) return NumberStatus::NaN;
    return NumberStatus::Ok;
}

} // namespace ranklab
