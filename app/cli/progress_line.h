#pragma once
// A progress line for the commands that can take minutes at scale (bands
// over 100,000 users, cohorts, comparisons): "ranklab-cli curves: ranking...
// 42%" redrawn in place on stderr, and erased when the work ends. Drawn only
// when stderr is a terminal, so scripts, pipes and captured stderr never see
// it. Each step is a part of one Progress (its parts map onto 0..1).
#include <atomic>
#include <chrono>
#include <mutex>
#include <ostream>
#include <string>

#include "common/progress.h"

namespace ranklab::cli {

class ProgressLine {
public:
    // Draws on `out` when `enabled` (see stderrIsTerminal()).
    ProgressLine(std::string command, bool enabled, std::ostream& out);
    // Draws on std::cerr when stderr is a terminal.
    explicit ProgressLine(std::string command);
    ~ProgressLine();  // erases the line
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // The whole job's progress; hand parts of it to each step.
    const Progress& progress() const { return progress_; }
    // Names the step now running ("reading", "ranking", "resampling").
    void setStep(const std::string& step);

private:
    void draw(double fraction);

    std::string command_;
    bool enabled_;
    std::ostream& out_;
    std::mutex mutex_;
    std::string step_;
    int lastPercent_ = -1;
    std::size_t drawnWidth_ = 0;
    Progress progress_;
};

bool stderrIsTerminal();

} // namespace ranklab::cli
