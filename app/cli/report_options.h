#pragma once
// The options of a command that prints a report: --format (one of the
// command's formats), --digits (0-17 decimals) and --out,-o (the report
// written whole or not at all, common/output_file.h), each with the help
// the command gives it.
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace ranklab::cli {

struct ReportOptionsHelp {
    std::vector<std::string> formats = {};  // --format's choices, listed in its help as "a | b | c"
    std::string formatNote = {};       // said after the list, or empty
    std::string digits = {};           // what --digits sets ("Decimals in the table output")
    std::string out = "Write the report to this file (atomically) instead of stdout";
};

void addReportOptions(Command& cmd, std::string& format, int& digits, std::string& out, const ReportOptionsHelp& help);

} // namespace ranklab::cli
