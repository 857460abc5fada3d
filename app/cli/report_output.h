#pragma once
// Where a command's report goes: stdout, or the --out file, written
// atomically (a failed run leaves an existing file as it was).
#include <string>

namespace ranklab::cli {

void writeReport(const std::string& text, const std::string& outPath);

} // namespace ranklab::cli
