#include "cli/progress_line.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>

namespace ranklab::cli {

bool stderrIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

ProgressLine::ProgressLine(std::string command, bool enabled, std::ostream& out)
    : command_(std::move(command)), enabled_(enabled), out_(out), progress_([this](double f) { draw(f); }) {}

ProgressLine::ProgressLine(std::string command) : ProgressLine(std::move(command), stderrIsTerminal(), std::cerr) {}

ProgressLine::~ProgressLine() {
    if (!enabled_ || drawnWidth_ == 0) return;
    out_ << '\r' << std::string(drawnWidth_, ' ') << '\r' << std::flush;
}

void ProgressLine::setStep(const std::string& step) {
    std::lock_guard lock(mutex_);
    step_ = step;
    lastPercent_ = -1;  // redraw with the new name at the next report
}

void ProgressLine::draw(double fraction) {
    if (!enabled_) return;
    // Reports come from worker threads, often thousands per second: redraw
    // only when the whole percent changes.
    const int percent = std::clamp(int(std::floor(fraction * 100)), 0, 100);
    std::lock_guard lock(mutex_);
    if (percent == lastPercent_) return;
    lastPercent_ = percent;
    std::string text = "ranklab-cli " + command_ + ": ";
    if (!step_.empty()) text += step_ + "... ";
    text += std::to_string(percent) + "%";
    const std::size_t width = text.size();
    if (width < drawnWidth_) text.append(drawnWidth_ - width, ' ');
    out_ << '\r' << text << std::flush;
    drawnWidth_ = std::max(drawnWidth_, width);
}

} // namespace ranklab::cli
