#include "ui/load_job.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

#include "common/error.h"
#include "common/progress.h"
#include "io/dataset_loader.h"

namespace ranklab::ui {
namespace {
constexpr int kProgressSteps = 1000;
}

// What a background task hands back to the GUI thread.
struct LoadJob::Outcome {
    LoadedWorkspace loaded;
    LoadError error;
    bool ok = false;
    bool cancelled = false;
};

// One load. The GUI thread cancels it through `progress`; the pool thread
// reports through it into the promise of the running task.
struct LoadJob::Task {
    Task() = default;
    Task(const Task&) = delete;
    Task& operator=(const Task&) = delete;

    std::atomic<QPromise<Outcome>*> promise{nullptr};
    Progress progress{[this](double fraction) {
        if (auto* p = promise.load()) p->setProgressValue(qBound(0, qRound(fraction * kProgressSteps), kProgressSteps));
    }};
};

namespace {

std::shared_ptr<const Dataset> loadWithCore(const Workspace& workspace, const Progress& progress) {
    return std::make_shared<const Dataset>(loadDataset(toSources(workspace), toReadOptions(workspace), &progress));
}

} // namespace

LoadJob::LoadJob(QObject* parent) : QObject(parent), loader_(loadWithCore) {
    // Two threads: the current load and a superseded one winding down. The
    // core's own parallelism runs inside a load.
    pool_.setMaxThreadCount(2);
}

LoadJob::~LoadJob() {
    if (current_) current_->progress.cancel();
    pool_.waitForDone();
}

void LoadJob::setLoader(Loader loader) { loader_ = loader ? std::move(loader) : Loader(loadWithCore); }

void LoadJob::start(const QString& path) {
    if (current_) current_->progress.cancel();
    auto task = std::make_shared<Task>();
    current_ = task;
    currentPath_ = path;
    const quint64 generation = ++generation_;

    auto run = [](QPromise<Outcome>& promise, std::shared_ptr<Task> task, QString path, Loader loader) {
        promise.setProgressRange(0, kProgressSteps);
        task->promise.store(&promise);
        Outcome out;
        out.loaded.path = path;
        QElapsedTimer timer;
        timer.start();
        try {
            task->progress.check();
            out.loaded.workspace = readWorkspaceFile(path.toStdString());
            out.loaded.dataset = loader(out.loaded.workspace, task->progress);
            out.ok = true;
        } catch (const Cancelled&) {
            out.cancelled = true;
        } catch (...) {
            out.error = LoadError::fromCurrentException();
        }
        out.loaded.seconds = double(timer.nsecsElapsed()) / 1e9;
        task->promise.store(nullptr);
        promise.addResult(std::move(out));
    };

    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, generation](int value) {
        if (generation == generation_) Q_EMIT progressChanged(double(value) / kProgressSteps);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        --running_;
        watcher->deleteLater();
        if (watcher->future().resultCount() > 0) deliver(generation, watcher->future().result());
    });
    ++running_;
    watcher->setFuture(QtConcurrent::run(&pool_, run, task, path, loader_));
    Q_EMIT started(path);
}

void LoadJob::cancel() {
    if (!current_) return;
    current_->progress.cancel();
    current_.reset();
    ++generation_;
    Q_EMIT cancelled(currentPath_);
}

void LoadJob::deliver(quint64 generation, const Outcome& outcome) {
    if (generation != generation_) return;  // superseded or cancelled: dropped
    current_.reset();
    ++generation_;
    if (outcome.ok)
        Q_EMIT finished(outcome.loaded);
    else if (outcome.cancelled)
        Q_EMIT cancelled(outcome.loaded.path);
    else
        Q_EMIT failed(outcome.loaded.path, outcome.error);
}

} // namespace ranklab::ui
