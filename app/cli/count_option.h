#pragma once
// A CLI11 check for options that take a count (--kmax, --resamples): it says
// what is expected, where CLI11's own PositiveNumber prints a double's range.
#include "cli/command_line.h"

namespace ranklab::cli {

// "0", "-3" or "ten" fail with "expected a positive whole number, got ...".
Check positiveWholeNumber();

} // namespace ranklab::cli
