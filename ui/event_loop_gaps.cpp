#include "ui/event_loop_gaps.h"

namespace ranklab::ui {

EventLoopGaps::EventLoopGaps(int intervalMs, QObject* parent) : QObject(parent) {
    timer_.setInterval(intervalMs);
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &EventLoopGaps::tick);
}

void EventLoopGaps::start() {
    longestNs_ = 0;
    longestEndNs_ = 0;
    ticks_ = 0;
    clock_.start();
    last_ = 0;
    timer_.start();
}

void EventLoopGaps::stop() {
    tick();
    timer_.stop();
}

void EventLoopGaps::tick() {
    const qint64 now = clock_.nsecsElapsed();
    if (now - last_ > longestNs_) {
        longestNs_ = now - last_;
        longestEndNs_ = now;
    }
    last_ = now;
    ++ticks_;
}

} // namespace ranklab::ui
