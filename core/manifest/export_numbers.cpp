#include "manifest/export_numbers.h"

namespace ranklab {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::size_t digitsFrom(std::string_view t, std::size_t i) {
    while (i < t.size() && isDigit(t[i])) ++i;
    return i;
}

// The end of the number starting at `i`, or `i` when none starts there.
std::size_t numberEnd(std::string_view t, std::size_t i) {
    std::size_t at = i;
    if (at < t.size() && (t[at] == '-' || t[at] == '+')) ++at;
    std::size_t end = at;
    if (at < t.size() && isDigit(t[at])) {
        end = digitsFrom(t, at);
        if (end < t.size() && t[end] == '.') end = digitsFrom(t, end + 1);
    } else if (at + 1 < t.size() && t[at] == '.' && isDigit(t[at + 1])) {
        end = digitsFrom(t, at + 1);
    } else {
        return i;
    }
    if (end < t.size() && (t[end] == 'e' || t[end] == 'E')) {
        std::size_t e = end + 1;
        if (e < t.size() && (t[e] == '-' || t[e] == '+')) ++e;
        if (e < t.size() && isDigit(t[e])) end = digitsFrom(t, e);
    }
    return end;
}

} // namespace

std::vector<ExportNumber> exportNumbers(std::string_view t) {
    std::vector<ExportNumber> numbers;
    std::size_t line = 1;
    for (std::size_t i = 0; i < t.size();) {
        std::size_t end = numberEnd(t, i);
        if (end == i) {
            for (std::string_view word : {std::string_view("NaN"), std::string_view("nan"), std::string_view("null")})
                if (t.substr(i, word.size()) == word) {
                    end = i + word.size();
                    break;
                }
        }
        if (end == i) {
            if (t[i] == '\n') ++line;
            ++i;
            continue;
        }
        numbers.push_back({t.substr(i, end - i), line});
        i = end;  // a number holds no newline
    }
    return numbers;
}

} // namespace ranklab
