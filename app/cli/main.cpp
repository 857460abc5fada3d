// ranklab-cli: the RankLab engine for scripts and CI. The commands that need
// Qt run in ranklab-plot (cli/qt_commands.h): the others start without it.
#include "cli/commands.h"
#include "cli/merge_command.h"
#include "cli/qt_commands.h"
#include "cli/run_app.h"
#include "common/allocator_tuning.h"
#include "common/error.h"

int main(int argc, char** argv) {
#ifdef RANKLAB_HAVE_PLOT
    if (const int code = ranklab::cli::forwardQtCommand(argc, argv); code >= 0) return code;
#endif
    ranklab::keepFreedMemoryInProcess();
    using namespace ranklab::cli;
    return runApp(
        [](Command& app) {
            addEvalCommand(app);
            addInspectCommand(app);
            addSynthCommand(app);
            addTrecCommand(app);
            addCohortsCommand(app);
            addValidateCommand(app);
            addCompareCommand(app);
            addCurvesCommand(app);
            addRanksCommand(app);
            addMergeCommand(app);
            addVerifyCommand(app);
            addPowerCommand(app);
            addExplainCommand(app);
            addMetricsCommand(app);
#ifdef RANKLAB_HAVE_PLOT
            // Listed in --help; forwardQtCommand() took them before parsing.
            for (const QtCommand& c : kQtCommands)
                app.add_subcommand(std::string(c.name), std::string(c.description))->allow_extras()->callback([] {
                    throw ranklab::Error("this command runs in ranklab-plot");
                });
#endif
        },
        argc, argv);
}
