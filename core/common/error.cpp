#include "common/error.h"

#include <cstdio>

namespace ranklab {
namespace {

std::string formatMessage(const InputLocation& where, const std::string& problem,
                          const std::string& text) {
    std::string message = where.file.empty() ? std::string("<input>") : where.file;
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

std::string printable(std::string_view text, std::size_t limit) {
    std::string out;
    std::size_t shown = 0;
    for (unsigned char c : text) {
        if (shown == limit) {
            out += "...";
            break;
        }
        if (c == '\t') {
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
