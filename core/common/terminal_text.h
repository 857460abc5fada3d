#pragma once
// Text from files made safe for a terminal. printable() (common/error.h)
// escapes control bytes and bytes that are not UTF-8 in the text a message
// quotes; these escape a whole message and say where UTF-8 characters are.
#include <cstddef>
#include <string>
#include <string_view>

namespace ranklab {

// A whole message safe for a terminal: bytes that are not UTF-8 and control
// bytes other than newline and tab escaped as \xNN, nothing shortened.
std::string terminalSafe(std::string_view text);

// The length of the valid UTF-8 character starting at text[at] (2 to 4), or
// 0 when the bytes there are not one (RFC 3629: no overlong forms, no
// surrogates, nothing past U+10FFFF).
std::size_t utf8Length(std::string_view text, std::size_t at);

} // namespace ranklab
