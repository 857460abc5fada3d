#pragma once
// The temporaries of files being written, removed when the process is
// stopped by SIGINT, SIGTERM or SIGHUP: a fixed-size table of their paths
// (no allocation, no lock), which the signal handler walks calling only
// unlink(2); it then lets the signal kill the process as it would have
// (default action re-raised), so the exit status still says which signal.
// The handlers are installed at the first registration, only for signals
// whose disposition is still the default (an ignored SIGHUP under nohup, or
// a handler of the program's own, is left alone).
#include <string>

namespace ranklab {

class TemporaryFileGuard {
public:
    TemporaryFileGuard() = default;
    ~TemporaryFileGuard() { release(); }
    TemporaryFileGuard(const TemporaryFileGuard&) = delete;
    TemporaryFileGuard& operator=(const TemporaryFileGuard&) = delete;

    // Creates the temporary file from `pattern` (mkostemp: the trailing
    // XXXXXX replaced, O_CREAT | O_EXCL | O_CLOEXEC) and registers its path
    // before any of the three signals can be delivered to this thread.
    // Returns the descriptor (pattern holds the name), or -1 with errno set.
    int create(std::string& pattern);
    // Forgets the path (after the temporary is renamed or removed).
    void release();

private:
    int slot_ = -1;
};

// The slots of the table; past them a temporary is not removed on a signal.
inline constexpr int kTemporarySlots = 64;

} // namespace ranklab
