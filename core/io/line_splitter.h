#pragma once
// Splits one line into fields: on runs of blanks (whitespace formats), on
// tabs, or on commas with RFC 4180 quoting. Fields of tab and comma formats
// are trimmed of surrounding spaces.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "io/file_format.h"

namespace ranklab {

struct Field {
    std::string_view text;
    std::uint32_t column;  // 1-based byte offset of the field in its line
};

class LineSplitter {
public:
    // With `maxFields` > 0 a line is split into at most maxFields + 1
    // fields: more than maxFields says the line is over the limit, and a
    // line of millions of fields costs no more than that.
    explicit LineSplitter(Separator separator, std::size_t maxFields = 0)
        : separator_(separator), limit_(maxFields == 0 ? ~std::size_t(0) : maxFields + 1) {}

    // Fills `fields`. Returns false for an unterminated quote, with
    // `errorColumn` set. Unquoted text of quoted fields with "" escapes is
    // stored in `scratch` (which must outlive the fields).
    bool split(std::string_view line, std::vector<Field>& fields, std::deque<std::string>& scratch,
               std::uint32_t& errorColumn) const;

private:
    Separator separator_;
    std::size_t limit_;
};

// Field separators of whitespace formats: space, tab, \v, \f (not \r).
namespace detail {
struct BlankTable {
    bool blank[256] = {};
    constexpr BlankTable() {
        for (char c : {' ', '\t', '\v', '\f'}) blank[static_cast<unsigned char>(c)] = true;
    }
};
inline constexpr BlankTable kBlanks;
} // namespace detail

inline bool isBlank(char c) { return detail::kBlanks.blank[static_cast<unsigned char>(c)]; }

} // namespace ranklab
