#pragma once
// Small helpers shared by the scale benchmarks: wall-clock timing, timing a
// shell command, and memory figures from /proc/self/status.
#include <cstdint>
#include <functional>
#include <string>

namespace ranklab::bench {

// Best (smallest) wall time of `repeats` calls, in seconds.
double bestSeconds(int repeats, const std::function<void()>& work);
// Best wall time of running `command` through /bin/sh.
double bestCommandSeconds(int repeats, const std::string& command);
// A field of /proc/self/status in bytes ("VmRSS", "VmHWM").
std::uint64_t statusBytes(const char* field);
// Runs this program again with `args` and returns its standard output (so a
// measurement starts in a fresh process).
std::string runSelf(const std::string& self, const std::string& args);

} // namespace ranklab::bench
