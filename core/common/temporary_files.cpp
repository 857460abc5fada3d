#include "common/temporary_files.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

namespace ranklab {
namespace {

// A slot's states: free, claimed (being filled or emptied by its owner),
// ready (the handler may remove the path), taken (the handler is removing
// it: the owner leaves the slot alone, the process is going down).
enum : int { kFree = 0, kClaimed = 1, kReady = 2, kTaken = 3 };

struct Slot {
    std::atomic<int> state{kFree};
    char path[PATH_MAX];
};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

Slot slots[kTemporarySlots];

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void removeTemporariesAndDie(int signal) {
    for (Slot& s : slots) {
        int ready = kReady;
        if (s.state.compare_exchange_strong(ready, kTaken)) ::unlink(s.path);
    }
    // The default action, as if this handler had never been installed: the
    // signal is blocked while the handler runs, so it is delivered (and the
    // process ended by it) as the handler returns.
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(signal, &dfl, nullptr);
    ::raise(signal);
}

void installHandlers() {
    for (const int signal : kSignals) {
        struct sigaction old {};
        if (::sigaction(signal, nullptr, &old) != 0) continue;
        if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL) continue;  // ignored, or the program's own
        struct sigaction action {};
        action.sa_handler = removeTemporariesAndDie;
        sigemptyset(&action.sa_mask);
        for (const int other : kSignals) sigaddset(&action.sa_mask, other);
        ::sigaction(signal, &action, nullptr);
    }
}

sigset_t stopSignals() {
    sigset_t set;
    sigemptyset(&set);
    for (const int signal : kSignals) sigaddset(&set, signal);
    return set;
}

} // namespace

int TemporaryFileGuard::create(std::string& pattern) {
    static std::once_flag installed;
    std::call_once(installed, installHandlers);
    release();
    // Blocked here until the path is in the table (or known not to be).
    const sigset_t block = stopSignals();
    sigset_t old;
    ::pthread_sigmask(SIG_BLOCK, &block, &old);
    int slot = -1;
    if (pattern.size() < PATH_MAX)
        for (int i = 0; i < kTemporarySlots && slot < 0; ++i) {
            int free = kFree;
            if (slots[i].state.compare_exchange_strong(free, kClaimed)) slot = i;
        }
    const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    const int error = errno;
    if (slot >= 0) {
        if (fd >= 0) {
            std::memcpy(slots[slot].path, pattern.c_str(), pattern.size() + 1);
            slots[slot].state.store(kReady);
            slot_ = slot;
        } else {
            slots[slot].state.store(kFree);
        }
    }
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    errno = error;
    return fd;
}

void TemporaryFileGuard::release() {
    if (slot_ < 0) return;
    int ready = kReady;
    // Taken: a handler is removing the file and ending the process.
    if (slots[slot_].state.compare_exchange_strong(ready, kClaimed)) slots[slot_].state.store(kFree);
    slot_ = -1;
}

} // namespace ranklab
