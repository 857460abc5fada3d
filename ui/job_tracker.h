#pragma once
// The one place background work runs: loading, evaluating, comparing. Each
// job runs on a pool thread (QtConcurrent with a QPromise, watched by a
// QFutureWatcher); its result comes back to the GUI thread queued. The
// newest job wins: starting one cancels the one running, and a superseded
// or cancelled job never reports back, so stale results are dropped.
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QString>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>

#include "common/error.h"
#include "common/progress.h"
#include "ui/load_result.h"

namespace ranklab::ui {

class JobTracker : public QObject {
    Q_OBJECT

public:
    static constexpr int kProgressSteps = 1000;

    explicit JobTracker(QObject* parent = nullptr);
    // Cancels what is running and waits for the threads to stop.
    ~JobTracker() override;

    // Runs `work` off the GUI thread; it reports through and is cancelled by
    // its Progress (throwing Cancelled). On success `done` runs on the GUI
    // thread with the result; on an exception failed() is emitted instead.
    template <class T>
    void start(const QString& label, std::function<T(const Progress&)> work, std::function<void(T)> done);

    // Cancels the current job: cancelled() is emitted at once and nothing
    // else is reported for it. Does nothing when idle.
    void cancel();

    // A job whose result will be reported is running.
    bool isBusy() const { return current_ != nullptr; }
    const QString& currentLabel() const { return label_; }
    // Background tasks not finished yet, superseded ones included.
    int runningTasks() const { return running_; }
    // Blocks until every task (superseded ones too) has stopped; for tests
    // and shutdown. Results still arrive later through the event loop.
    void waitForDone() { pool_.waitForDone(); }

Q_SIGNALS:
    void started(const QString& label);
    // Fraction done, 0..1, of the current job.
    void progressChanged(double fraction);
    void failed(const QString& label, const ranklab::ui::LoadError& error);
    void cancelled(const QString& label);
    // True when a job starts with none running, false when the last ends.
    void busyChanged(bool busy);

private:
    // One job's cancel flag and progress, shared with its pool thread.
    struct Task {
        Progress progress{[this](double f) { report(f); }};
        std::mutex mutex;
        std::function<void(int)> sink;  // set while the job runs
        void report(double fraction) {
            std::lock_guard lock(mutex);
            if (sink) sink(qBound(0, int(fraction * kProgressSteps + 0.5), kProgressSteps));
        }
        void attach(std::function<void(int)> s) {
            std::lock_guard lock(mutex);
            sink = std::move(s);
        }
    };

    template <class T>
    struct Outcome {
        std::optional<T> value;
        LoadError error;
        bool cancelled = false;
    };

    // Cancels the current job and makes a new one current.
    std::shared_ptr<Task> begin(const QString& label, quint64& generation);
    // Ends the current job if `generation` is still current; false if the
    // job was superseded or cancelled (its outcome is then dropped).
    bool end(quint64 generation);
    void settle();  // emits busyChanged(false) if no job started meanwhile

    QThreadPool pool_;
    std::shared_ptr<Task> current_;
    QString label_;
    quint64 generation_ = 0;
    int running_ = 0;
};

template <class T>
void JobTracker::start(const QString& label, std::function<T(const Progress&)> work, std::function<void(T)> done) {
    quint64 generation = 0;
    std::shared_ptr<Task> task = begin(label, generation);

    auto run = [](QPromise<Outcome<T>>& promise, std::shared_ptr<Task> task, std::function<T(const Progress&)> work) {
        promise.setProgressRange(0, kProgressSteps);
        task->attach([&promise](int value) { promise.setProgressValue(value); });
        Outcome<T> out;
        try {
            task->progress.check();
            out.value.emplace(work(task->progress));
        } catch (const Cancelled&) {
            out.cancelled = true;
        } catch (...) {
            out.error = LoadError::fromCurrentException();
        }
        task->attach(nullptr);
        promise.addResult(std::move(out));
    };

    auto* watcher = new QFutureWatcher<Outcome<T>>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, generation](int value) {
        if (generation == generation_ && current_) Q_EMIT progressChanged(double(value) / kProgressSteps);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, label, done] {
        --running_;
        watcher->deleteLater();
        if (watcher->future().resultCount() == 0 || !end(generation)) return;
        Outcome<T> out = watcher->future().result();
        if (out.value)
            done(std::move(*out.value));
        else if (out.cancelled)
            Q_EMIT cancelled(label);
        else
            Q_EMIT failed(label, out.error);
        settle();
    });
    ++running_;
    watcher->setFuture(QtConcurrent::run(&pool_, run, task, std::move(work)));
}

} // namespace ranklab::ui
