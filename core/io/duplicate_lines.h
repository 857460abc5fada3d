#pragma once
// A repeated (user, item) found by a reader, reported where it is: the file
// is read again (a regular file only) for the lines, or columns for JSON,
// that hold the pair, and the error names both.
#include <string>
#include <string_view>
#include <vector>

#include "data/interner.h"
#include "io/file_parsing.h"
#include "io/text_reader.h"
#include "io/user_grouping.h"

namespace ranklab {

// Where (user, key) is: its first line and the next one holding it again
// (with a different value if `differentValue`). Read again from the file.
std::vector<LineMatch> findLines(const std::string& path, Role role, const ResolvedFormat& format,
                                 const ReadOptions& options, std::string_view user, std::string_view key,
                                 bool differentValue);

// Throws the InputError for the duplicate `dup` of `file`.
[[noreturn]] void throwDuplicate(const ParsedFile& file, const ReadOptions& options, const Interner& users,
                                 const Interner& keys, const DuplicateFound& dup);

} // namespace ranklab
