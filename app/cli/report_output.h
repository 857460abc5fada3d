#pragma once
// Where a command's report goes: stdout, or the --out file, written under
// common/output_file.h's policy (a regular file atomically: a failed run
// leaves an existing file as it was; a device or FIFO in place; a link
// refused).
#include <string>

namespace ranklab::cli {

void writeReport(const std::string& text, const std::string& outPath);

} // namespace ranklab::cli
