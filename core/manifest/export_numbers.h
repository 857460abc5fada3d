#pragma once
// The numbers of an export's text, in order, for `verify` to compare: a
// signed decimal (digits with an optional point, or a point and digits,
// then an optional exponent), NaN, nan or null. One pass, no recursion and
// no backtracking: linear in the text whatever it holds (a std::regex scan
// recursed once per digit and overflowed the stack on long digit runs).
#include <cstddef>
#include <string_view>
#include <vector>

namespace ranklab {

struct ExportNumber {
    std::string_view text;  // a view into the scanned text
    std::size_t line;       // 1-based
};

std::vector<ExportNumber> exportNumbers(std::string_view text);

} // namespace ranklab
