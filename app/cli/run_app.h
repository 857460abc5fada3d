#pragma once
// The shared body of ranklab-cli's main(): parses the command line with the
// commands added to `app`, runs the one chosen, and turns errors into the
// messages and exit codes every command shares. ranklab-plot (the commands
// that need Qt) runs through the same body, so both print alike.
#include <functional>

#include "cli/command_line.h"

namespace ranklab::cli {

// The exit code of the process: 0, the command's exitCode(), 1 (an error or
// a lost standard output), 2 (usage), 3 (internal error), 130 (cancelled).
// `addCommands` adds the commands to the program (ranklab-cli's name and
// description, one subcommand required).
int runApp(const std::function<void(Command&)>& addCommands, int argc, char** argv);

} // namespace ranklab::cli
