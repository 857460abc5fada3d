#pragma once
// ranklab-cli merge (its own header, so adding it recompiles no other command).
#include "cli/command_line.h"

namespace ranklab::cli {

void addMergeCommand(Command& app);

} // namespace ranklab::cli
