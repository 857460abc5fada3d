// ranklab-cli synth: deterministic example and benchmark data (being written).
#include "cli/commands.h"

namespace ranklab::cli {
void addSynthCommand(CLI::App&) {}
} // namespace ranklab::cli
