#pragma once
// Errors thrown by the engine. Every failure a user can cause is an Error;
// bad input is an InputError that names the file, line, column and the text.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ranklab {

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Where in a file something went wrong. line and column are 1-based; 0 means
// "not applicable" (e.g. a file that cannot be opened has no line).
struct InputLocation {
    std::string file;
    std::uint64_t line = 0;
    std::uint64_t column = 0;
};

class InputError : public Error {
public:
    // `problem` says what is wrong and what was expected; `text` is the
    // offending text (shortened for the message if long).
    InputError(InputLocation where, std::string problem, std::string text = {});

    const InputLocation& where() const { return where_; }
    const std::string& problem() const { return problem_; }
    const std::string& text() const { return text_; }

private:
    InputLocation where_;
    std::string problem_;
    std::string text_;
};

// Thrown by long work when its Progress was asked to stop.
class Cancelled : public Error {
public:
    Cancelled() : Error("cancelled") {}
};

// Text safe to show in a message: control bytes escaped, at most `limit`
// bytes, with "..." when shortened.
std::string printable(std::string_view text, std::size_t limit = 60);

} // namespace ranklab
