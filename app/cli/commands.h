#pragma once
// Each ranklab-cli command adds itself to the app; main() lists them.
#include <CLI/CLI.hpp>

namespace ranklab::cli {

// Set by the command that ran: the process exit code.
int& exitCode();

void addInspectCommand(CLI::App& app);
void addEvalCommand(CLI::App& app);
void addSynthCommand(CLI::App& app);
void addTrecCommand(CLI::App& app);
void addCohortsCommand(CLI::App& app);
void addValidateCommand(CLI::App& app);
void addCompareCommand(CLI::App& app);
void addCurvesCommand(CLI::App& app);
void addRanksCommand(CLI::App& app);
void addVerifyCommand(CLI::App& app);
void addPowerCommand(CLI::App& app);
void addExplainCommand(CLI::App& app);
#ifdef RANKLAB_HAVE_PLOT
void addPlotCommand(CLI::App& app);    // app/plot: needs Qt, built with the UI
void addReportCommand(CLI::App& app);  // app/plot: needs Qt (the charts)
#endif

} // namespace ranklab::cli
