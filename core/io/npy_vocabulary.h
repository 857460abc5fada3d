#pragma once
// A vocabulary of a numpy run: one id a line, line r + 1 naming row (or
// item index) r. Checked against the array dimension it names.
#include <cstdint>
#include <string>
#include <vector>

namespace ranklab {

// Reads `path` (a side file: io/side_file.h bounds it; a UTF-8 byte-order
// mark is skipped, a trailing '\r' is dropped; the last line may lack '\n').
// Throws InputError naming the file and line for an empty line, an id with
// a leading or trailing space or tab (it would match nothing), a repeated
// id (both lines), or, when `expected` is not 0, a count other than
// `expected` ("what" says what the lines name, e.g. "rows of run.npy").
std::vector<std::string> readVocabulary(const std::string& path, std::uint64_t expected, const std::string& what);

} // namespace ranklab
