#include "ui/job_tracker.h"

namespace ranklab::ui {

JobTracker::JobTracker(QObject* parent) : QObject(parent) {
    // The current job and a superseded one winding down; the core's own
    // parallelism runs inside a job.
    pool_.setMaxThreadCount(2);
}

JobTracker::~JobTracker() {
    if (current_) current_->progress.cancel();
    pool_.waitForDone();
}

std::shared_ptr<JobTracker::Task> JobTracker::begin(const QString& label, quint64& generation) {
    const bool wasBusy = current_ != nullptr;
    if (current_) current_->progress.cancel();
    current_ = std::make_shared<Task>();
    label_ = label;
    generation = ++generation_;
    Q_EMIT started(label);
    if (!wasBusy) Q_EMIT busyChanged(true);
    return current_;
}

bool JobTracker::end(quint64 generation) {
    if (generation != generation_ || !current_) return false;
    current_.reset();
    ++generation_;
    return true;
}

void JobTracker::settle() {
    if (!current_) Q_EMIT busyChanged(false);
}

void JobTracker::cancel() {
    if (!current_) return;
    current_->progress.cancel();
    current_.reset();
    ++generation_;
    Q_EMIT cancelled(label_);
    Q_EMIT busyChanged(false);
}

} // namespace ranklab::ui
