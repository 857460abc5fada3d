#include "cli/report_options.h"

namespace ranklab::cli {

void addReportOptions(Command& cmd, std::string& format, int& digits, std::string& out, const ReportOptionsHelp& help) {
    std::string list;
    for (const std::string& f : help.formats) list += (list.empty() ? "" : " | ") + f;
    if (!help.formatNote.empty()) list += " " + help.formatNote;
    cmd.add_option("--format", format, list)->check(Check::member(help.formats))->capture_default_str();
    cmd.add_option("--digits", digits, help.digits)->check(Check::range(0, 17))->capture_default_str();
    cmd.add_option("--out,-o", out, help.out);
}

} // namespace ranklab::cli
