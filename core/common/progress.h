#pragma once
// Progress of long work: a callback for the fraction done and a cancel flag
// that any thread may set. Work calls check() often; it throws Cancelled.
#include <atomic>
#include <functional>

namespace ranklab {

class Progress {
public:
    using Callback = std::function<void(double fraction)>;

    Progress() = default;
    explicit Progress(Callback onProgress) : onProgress_(std::move(onProgress)) {}
    // A part of `parent`'s job: its 0..1 maps onto [from, to] of the parent,
    // and cancelling the parent cancels the part.
    Progress(const Progress& parent, double from, double to) : parent_(&parent), from_(from), to_(to) {}
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // Safe from any thread.
    void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
    bool cancelled() const {
        return cancelled_.load(std::memory_order_relaxed) || (parent_ && parent_->cancelled());
    }

    // Throws Cancelled if cancel() was called (here or on a parent).
    void check() const;

    // Reports the fraction done (0..1). The callback must be thread-safe.
    void report(double fraction) const {
        if (parent_) parent_->report(from_ + (to_ - from_) * fraction);
        if (onProgress_) onProgress_(fraction);
    }

private:
    Callback onProgress_;
    const Progress* parent_ = nullptr;
    double from_ = 0, to_ = 1;
    std::atomic<bool> cancelled_{false};
};

} // namespace ranklab
