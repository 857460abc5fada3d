// ranklab-cli: the RankLab engine for scripts and CI.
#include <iostream>

#include "cli/commands.h"
#include "common/error.h"
#include "common/allocator_tuning.h"

namespace ranklab::cli {
int& exitCode() {
    static int code = 0;
    return code;
}
} // namespace ranklab::cli

int main(int argc, char** argv) {
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
#ifdef RANKLAB_HAVE_PLOT
    ranklab::cli::addPlotCommand(app);
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const ranklab::Cancelled&) {
        std::cerr << "ranklab-cli: cancelled\n";
        return 130;
    } catch (const ranklab::Error& e) {
        std::cerr << "ranklab-cli: error: " << e.what() << '\n';
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "ranklab-cli: internal error: " << e.what() << '\n';
        return 3;
    }
    return ranklab::cli::exitCode();
}
