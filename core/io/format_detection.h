#pragma once
// Turns a FormatSpec ("auto" or partly given) into a ResolvedFormat by
// looking at the first lines of the file.
#include <string>
#include <string_view>

#include "io/file_format.h"

namespace ranklab {

// `sample` is the start of the decompressed file (a UTF-8 BOM already
// removed): whole lines up to the kLayoutLines-th that is neither blank nor
// a comment, or the whole file. Throws InputError (naming `path`) if the
// file is empty or binary, or the layout cannot hold the role's columns, or
// its first line has more than `maxFields` fields (0: no limit).
ResolvedFormat resolveFormat(std::string_view sample, Role role, const FormatSpec& spec, const std::string& path,
                             std::size_t maxFields = 0);

// How many lines of `sample` (whole lines) are neither blank nor comments,
// counting up to `atMost`. Detection wants kLayoutLines of them.
std::size_t layoutLines(std::string_view sample, std::size_t atMost);
inline constexpr std::size_t kLayoutLines = 2;

// True if `text` is one of the usual header names for the role's column
// ("user", "user_id", "qid", ...), compared without case.
bool isHeaderNameFor(std::string_view text, Role role, int which /*0 user, 1 item, 2 value*/);

} // namespace ranklab
