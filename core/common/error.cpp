#include "common/error.h"
#include "common/terminal_text.h"

#include <cstdio>

namespace ranklab {
namespace {

std::string formatMessage(const InputLocation& where, const std::string& problem,
                          const std::string& text) {
    std::string message = where.file.empty() ? std::string("<input>") : terminalSafe(where.file);
    if (where.line > 0) {
        message += ':' + std::to_string(where.line);
        if (where.column > 0) message += ':' + std::to_string(where.column);
    }
    message += ": " + problem;
    if (!text.empty()) message += " (found \"" + printable(text) + "\")";
    return message;
}

} // namespace

InputError::InputError(InputLocation where, std::string problem, std::string text)
    : Error(formatMessage(where, problem, text)),
      where_(std::move(where)),
      problem_(std::move(problem)),
      text_(std::move(text)) {}

std::size_t utf8Length(std::string_view text, std::size_t at) {
    const auto c = static_cast<unsigned char>(text[at]);
    std::size_t n = 0;
    unsigned char low = 0x80, high = 0xbf;  // the second byte's range (RFC 3629: no overlongs, no surrogates)
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) n = 3, low = c == 0xe0 ? 0xa0 : 0x80, high = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4) n = 4, low = c == 0xf0 ? 0x90 : 0x80, high = c == 0xf4 ? 0x8f : 0xbf;
    else return 0;
    if (at + n > text.size()) return 0;
    for (std::size_t i = 1; i < n; ++i) {
        const auto b = static_cast<unsigned char>(text[at + i]);
        if (b < (i == 1 ? low : 0x80) || b > (i == 1 ? high : 0xbf)) return 0;
    }
    return n;
}

std::string terminalSafe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            if (const std::size_t n = utf8Length(text, i)) {
                out.append(text.substr(i, n));
                i += n;
                continue;
            }
        }
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || c >= 0x80) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
        ++i;
    }
    return out;
}

std::string printable(std::string_view text, std::size_t limit) {
    std::string out;
    std::size_t shown = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (shown == limit) {
            out += "...";
            break;
        }
        if (c >= 0x80) {
            // A whole UTF-8 character is shown as is; any other byte escaped.
            if (const std::size_t n = utf8Length(text, i)) {
                out.append(text.substr(i, n));
                i += n - 1;
            } else {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            }
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else if (c == '"') {
            out += "\\\"";
        } else {
            out += static_cast<char>(c);
        }
        ++shown;
    }
    return out;
}

} // namespace ranklab
