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
    CLI::App app{"RankLab: evaluate and compare rankings (recommender top-k lists, retrieval runs)."};
    app.name("ranklab-cli");
    app.require_subcommand(1);
    app.fallthrough(false);
    ranklab::cli::addEvalCommand(app);
    ranklab::cli::addInspectCommand(app);
    ranklab::cli::addSynthCommand(app);
    ranklab::cli::addTrecCommand(app);
    ranklab::cli::addCohortsCommand(app);
    ranklab::cli::addValidateCommand(app);
    ranklab::cli::addCompareCommand(app);
    ranklab::cli::addCurvesCommand(app);
    ranklab::cli::addRanksCommand(app);
    ranklab::cli::addMergeCommand(app);
    ranklab::cli::addVerifyCommand(app);
    ranklab::cli::addPowerCommand(app);
    ranklab::cli::addExplainCommand(app);
#ifdef RANKLAB_HAVE_PLOT
    // Listed in --help; forwardQtCommand() took them before parsing.
    for (const ranklab::cli::QtCommand& c : ranklab::cli::kQtCommands)
        app.add_subcommand(std::string(c.name), std::string(c.description))->allow_extras()->callback([] {
            throw ranklab::Error("this command runs in ranklab-plot");
        });
#endif
    return ranklab::cli::runApp(app, argc, argv);
}
