#pragma once
// Loads a workspace (its .ranklab file, then every data file) off the GUI
// thread. The newest request wins: starting a load cancels the one running,
// and a superseded or cancelled load never reports back. Results arrive on
// the GUI thread through queued signals.
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <functional>
#include <memory>

#include "ui/load_result.h"

namespace ranklab {
class Progress;
}

namespace ranklab::ui {

class LoadJob : public QObject {
    Q_OBJECT

public:
    // Reads the files of a workspace. Runs on a pool thread; throws on
    // failure and throws Cancelled when `progress` is cancelled.
    using Loader = std::function<std::shared_ptr<const Dataset>(const Workspace&, const Progress& progress)>;

    explicit LoadJob(QObject* parent = nullptr);
    // Cancels what is running and waits for the threads to stop.
    ~LoadJob() override;

    // Replaces the loader (core loadDataset by default); for tests.
    void setLoader(Loader loader);

    // Starts loading the workspace file `path`. A load still running is
    // cancelled and its result dropped.
    void start(const QString& path);
    // Cancels the current load: cancelled() is emitted at once and nothing
    // else is reported for it. Does nothing when idle.
    void cancel();

    // A load whose result will be reported is running.
    bool isLoading() const { return current_ != nullptr; }
    // Background tasks not finished yet, superseded ones included.
    int runningTasks() const { return running_; }

Q_SIGNALS:
    void started(const QString& path);
    // Fraction done, 0..1, of the current load.
    void progressChanged(double fraction);
    void finished(const ranklab::ui::LoadedWorkspace& result);
    void failed(const QString& path, const ranklab::ui::LoadError& error);
    void cancelled(const QString& path);

private:
    struct Task;
    struct Outcome;

    void deliver(quint64 generation, const Outcome& outcome);

    QThreadPool pool_;
    Loader loader_;
    std::shared_ptr<Task> current_;
    QString currentPath_;
    quint64 generation_ = 0;
    int running_ = 0;
};

} // namespace ranklab::ui
