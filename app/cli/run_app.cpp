#include "cli/run_app.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/export_manifest.h"
#include "common/error.h"
#include "common/terminal_text.h"

namespace ranklab::cli {

int& exitCode() {
    static int code = 0;
    return code;
}

namespace {
// A report lost on the way out (a full disk, a closed pipe, > /dev/full) is
// an error: says so and returns 1; 0 if stdout took everything.
int checkStdout() {
    errno = 0;
    std::cout.flush();
    const bool streamFailed = !std::cout;
    const int streamErrno = errno;
    errno = 0;
    const bool fileFailed = std::fflush(stdout) != 0 || std::ferror(stdout);
    const int err = fileFailed ? errno : streamErrno;
    if (!streamFailed && !fileFailed) return 0;
    std::cerr << "ranklab-cli: error: cannot write to standard output"
              << (err != 0 ? std::string(": ") + std::strerror(err) : std::string()) << '\n';
    return 1;
}
} // namespace

int runApp(const std::function<void(Command&)>& addCommands, int argc, char** argv) {
    CLI::App app{"RankLab: evaluate and compare rankings (recommender top-k lists, retrieval runs)."};
    app.name("ranklab-cli");
    app.require_subcommand(1);
    app.fallthrough(false);
    Command program(&app);
    try {
        addCommands(program);
        for (int i = 1; i < argc; ++i) commandLine().emplace_back(argv[i]);  // the manifest's command
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);  // --help goes to stdout
        return checkStdout() != 0 ? 1 : code;
    } catch (const ranklab::Cancelled&) {
        std::cerr << "ranklab-cli: cancelled\n";
        return 130;
    } catch (const ranklab::Error& e) {
        std::cerr << "ranklab-cli: error: " << ranklab::terminalSafe(e.what()) << '\n';
        checkStdout();
        return 1;
    } catch (const std::bad_alloc&) {
        // Not a bug of the input or of RankLab: say what ran out and what helps.
        std::cerr << "ranklab-cli: error: out of memory: the inputs need more memory than this process may use "
                     "(see `ulimit -v` and the machine's free memory); read less of them: a dense numpy matrix "
                     "is read only to the deepest cutoff (--cutoffs, --kmax), a run grouped by user can be "
                     "split with --buckets\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "ranklab-cli: internal error: " << ranklab::terminalSafe(e.what()) << '\n';
        return 3;
    }
    if (checkStdout() != 0) return 1;
    return exitCode();
}

} // namespace ranklab::cli
