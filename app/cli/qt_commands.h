#pragma once
// The commands that need Qt (they draw the workbench's charts) live in a
// sibling executable, ranklab-plot, so that every other command starts
// without loading Qt's libraries. ranklab-cli lists them in its --help and
// hands their command lines to ranklab-plot unchanged; ranklab-plot parses
// them as "ranklab-cli", so help, messages and exit codes are the same.
#include <array>
#include <string_view>

namespace ranklab::cli {

struct QtCommand {
    std::string_view name;
    std::string_view description;  // the --help line, the same in both executables
};

// A new Qt command (e.g. report) is added here and registered in
// app/plot/main.cpp.
inline constexpr std::array kQtCommands{
    QtCommand{"plot", "Render a chart of the workbench to SVG, PNG or PDF (no display needed)"},
    QtCommand{"report", "One self-contained report of a whole comparison: HTML (inline CSS, SVG charts, sortable "
                        "tables) or a paginated PDF"},
};

inline constexpr std::string_view kQtExecutable = "ranklab-plot";

// The description of the Qt command `name` (empty if it is not one).
std::string_view qtCommandDescription(std::string_view name);

// When argv[1] is a Qt command, replaces this process with ranklab-plot
// (found next to this executable) on the same arguments. Returns only if it
// is not one (-1) or ranklab-plot cannot run (1, after saying why).
int forwardQtCommand(int argc, char** argv);

} // namespace ranklab::cli
