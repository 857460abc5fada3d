#pragma once
// The shared body of ranklab-cli's main(): parses the command line with the
// commands added to `app`, runs the one chosen, and turns errors into the
// messages and exit codes every command shares. ranklab-plot (the commands
// that need Qt) runs through the same body, so both print alike.
namespace CLI {
class App;
}

namespace ranklab::cli {

// The exit code of the process: 0, the command's exitCode(), 1 (an error or
// a lost standard output), 2 (usage), 3 (internal error), 130 (cancelled).
int runApp(CLI::App& app, int argc, char** argv);

} // namespace ranklab::cli
