#pragma once
// ranklab-cli merge (its own header, so adding it recompiles no other command).
#include <CLI/CLI.hpp>

namespace ranklab::cli {

void addMergeCommand(CLI::App& app);

} // namespace ranklab::cli
