#pragma once
// Each ranklab-cli command adds itself to the app; main() lists them.
#include "cli/command_line.h"

namespace ranklab::cli {

// Set by the command that ran: the process exit code.
int& exitCode();

void addInspectCommand(Command& app);
void addEvalCommand(Command& app);
void addSynthCommand(Command& app);
void addTrecCommand(Command& app);
void addCohortsCommand(Command& app);
void addValidateCommand(Command& app);
void addCompareCommand(Command& app);
void addCurvesCommand(Command& app);
void addRanksCommand(Command& app);
void addVerifyCommand(Command& app);
void addPowerCommand(Command& app);
void addExplainCommand(Command& app);
void addMetricsCommand(Command& app);  // the metric records (docs/metric-reference.md)
#ifdef RANKLAB_HAVE_PLOT
void addPlotCommand(Command& app);    // app/plot: needs Qt, built with the UI
void addReportCommand(Command& app);  // app/plot: needs Qt (the charts)
#endif

} // namespace ranklab::cli
