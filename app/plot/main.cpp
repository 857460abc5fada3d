// ranklab-plot: the ranklab-cli commands that need Qt (cli/qt_commands.h).
// `ranklab-cli plot ...` runs it on the same arguments; it parses them as
// ranklab-cli would, so help, messages and exit codes are the same.
#include "cli/commands.h"
#include "cli/run_app.h"
#include "common/allocator_tuning.h"

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    return ranklab::cli::runApp(
        [](ranklab::cli::Command& app) {
            ranklab::cli::addPlotCommand(app);
            ranklab::cli::addReportCommand(app);
        },
        argc, argv);
}
