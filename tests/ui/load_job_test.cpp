#include "ui/load_job.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <stdexcept>

#include "common/error.h"
#include "common/progress.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::EndsWith;
using ::testing::HasSubstr;

namespace {

constexpr int kTimeoutMs = 10000;

std::shared_ptr<const Dataset> coreLoad(const Workspace& ws, const Progress& progress) {
    return std::make_shared<const Dataset>(loadDataset(toSources(ws), toReadOptions(ws), &progress));
}

// A loader whose first call waits until its load is cancelled (or 10 s
// pass) and then, to prove the job drops it, returns a dataset anyway.
// Later calls load normally.
struct FirstCallBlocks {
    std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);
    std::shared_ptr<std::atomic<bool>> sawCancel = std::make_shared<std::atomic<bool>>(false);

    LoadJob::Loader loader() const {
        return [calls = calls, sawCancel = sawCancel](const Workspace& ws, const Progress& progress) {
            if (calls->fetch_add(1) == 0) {
                QDeadlineTimer deadline(kTimeoutMs);
                while (!progress.cancelled() && !deadline.hasExpired()) QThread::msleep(2);
                sawCancel->store(progress.cancelled());
                return std::make_shared<const Dataset>();
            }
            return coreLoad(ws, progress);
        };
    }
};

} // namespace

TEST(LoadJobTest, LoadsOffTheGuiThreadAndGivesWhatTheCoreLoaderGives) {
    LoadJob job;
    std::atomic<bool> onGuiThread{true};
    job.setLoader([&](const Workspace& ws, const Progress& progress) {
        onGuiThread = QThread::currentThread() == qApp->thread();
        return coreLoad(ws, progress);
    });
    QSignalSpy finished(&job, &LoadJob::finished);
    job.start(test::foundationWorkspace());
    EXPECT_TRUE(job.isLoading());
    ASSERT_TRUE(finished.wait(kTimeoutMs));
    EXPECT_FALSE(onGuiThread);
    EXPECT_FALSE(job.isLoading());

    auto loaded = finished.at(0).at(0).value<LoadedWorkspace>();
    Dataset expected = test::loadWithCore(test::foundationWorkspace());
    EXPECT_EQ(loaded.path, test::foundationWorkspace());
    EXPECT_EQ(loaded.workspace, readWorkspaceFile(test::foundationWorkspace().toStdString()));
    ASSERT_TRUE(loaded.dataset);
    ASSERT_EQ(loaded.dataset->models.size(), expected.models.size());
    for (std::size_t i = 0; i < expected.models.size(); ++i) {
        EXPECT_EQ(loaded.dataset->models[i].name, expected.models[i].name);
        EXPECT_EQ(loaded.dataset->models[i].run.size(), expected.models[i].run.size());
    }
    EXPECT_EQ(loaded.dataset->judgments.size(), expected.judgments.size());
    EXPECT_EQ(loaded.dataset->ids.users.size(), expected.ids.users.size());
    EXPECT_EQ(loaded.dataset->ids.items.size(), expected.ids.items.size());
}

TEST(LoadJobTest, ReportsTheLoadersProgress) {
    LoadJob job;
    job.setLoader([](const Workspace& ws, const Progress& progress) {
        progress.report(0.5);
        QThread::msleep(100);  // past the future's progress throttling
        progress.report(1.0);
        return coreLoad(ws, progress);
    });
    QSignalSpy progress(&job, &LoadJob::progressChanged);
    QSignalSpy finished(&job, &LoadJob::finished);
    job.start(test::foundationWorkspace());
    ASSERT_TRUE(finished.wait(kTimeoutMs));
    QList<double> values;
    for (const auto& args : progress) values << args.at(0).toDouble();
    EXPECT_TRUE(values.contains(0.5)) << values.size();
    ASSERT_FALSE(values.isEmpty());
    EXPECT_DOUBLE_EQ(values.last(), 1.0);
}

TEST(LoadJobTest, NewestRequestWinsAndTheSupersededResultIsDropped) {
    LoadJob job;
    FirstCallBlocks blocking;
    job.setLoader(blocking.loader());
    QSignalSpy finished(&job, &LoadJob::finished);
    QSignalSpy cancelled(&job, &LoadJob::cancelled);
    QSignalSpy failed(&job, &LoadJob::failed);
    job.start(test::badRunWorkspace());  // blocks until superseded
    ASSERT_TRUE(QTest::qWaitFor([&] { return *blocking.calls > 0; }, kTimeoutMs));
    job.start(test::foundationWorkspace());
    ASSERT_TRUE(QTest::qWaitFor([&] { return job.runningTasks() == 0; }, kTimeoutMs));
    QTest::qWait(50);  // any late signal of the first load would be queued by now

    EXPECT_TRUE(*blocking.sawCancel);
    ASSERT_EQ(finished.size(), 1);
    EXPECT_EQ(finished.at(0).at(0).value<LoadedWorkspace>().path, test::foundationWorkspace());
    EXPECT_EQ(cancelled.size(), 0);
    EXPECT_EQ(failed.size(), 0);
}

TEST(LoadJobTest, CancelStopsTheLoadAndNothingButCancelledIsReported) {
    LoadJob job;
    FirstCallBlocks blocking;
    job.setLoader(blocking.loader());
    QSignalSpy finished(&job, &LoadJob::finished);
    QSignalSpy cancelled(&job, &LoadJob::cancelled);
    job.start(test::foundationWorkspace());
    ASSERT_TRUE(QTest::qWaitFor([&] { return *blocking.calls > 0; }, kTimeoutMs));
    job.cancel();
    ASSERT_EQ(cancelled.size(), 1);  // at once
    EXPECT_EQ(cancelled.at(0).at(0).toString(), test::foundationWorkspace());
    EXPECT_FALSE(job.isLoading());
    ASSERT_TRUE(QTest::qWaitFor([&] { return job.runningTasks() == 0; }, kTimeoutMs));
    QTest::qWait(50);
    EXPECT_TRUE(*blocking.sawCancel);
    EXPECT_EQ(finished.size(), 0);
    EXPECT_EQ(cancelled.size(), 1);
}

TEST(LoadJobTest, CancelWhenIdleDoesNothing) {
    LoadJob job;
    QSignalSpy cancelled(&job, &LoadJob::cancelled);
    job.cancel();
    EXPECT_EQ(cancelled.size(), 0);
}

TEST(LoadJobTest, CoreLoaderStopsWhenCancelled) {
    // The default loader checks the Progress between files: a load
    // cancelled before its thread gets going ends without a result.
    LoadJob job;
    QSignalSpy finished(&job, &LoadJob::finished);
    job.start(test::foundationWorkspace());
    job.cancel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return job.runningTasks() == 0; }, kTimeoutMs));
    QTest::qWait(50);
    EXPECT_EQ(finished.size(), 0);
}

TEST(LoadJobTest, BadDataFileFailsWithTheCoresFileLineColumnAndText) {
    InputError expected({}, "");
    try {
        test::loadWithCore(test::badRunWorkspace());
        FAIL() << "bad.run loaded";
    } catch (const InputError& e) {
        expected = e;
    }
    LoadJob job;
    QSignalSpy failed(&job, &LoadJob::failed);
    job.start(test::badRunWorkspace());
    ASSERT_TRUE(failed.wait(kTimeoutMs));
    EXPECT_EQ(failed.at(0).at(0).toString(), test::badRunWorkspace());
    auto error = failed.at(0).at(1).value<LoadError>();
    EXPECT_THAT(error.file.toStdString(), EndsWith("/ui/bad.run"));
    EXPECT_EQ(error.line, 3u);  // "u1 Q0 i3 3 high broken"
    EXPECT_EQ(error.column, expected.where().column);
    EXPECT_EQ(error.problem.toStdString(), expected.problem());
    EXPECT_EQ(error.message.toStdString(), expected.what());
    EXPECT_THAT(error.text.toStdString(), HasSubstr("high"));
}

TEST(LoadJobTest, MalformedWorkspaceFileFailsWithLineAndColumn) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.ranklab"));
    std::ofstream(path.toStdString()) << "{\n  \"ranklab_workspace\": 1,\n  \"models\": [,]\n}\n";
    LoadJob job;
    QSignalSpy failed(&job, &LoadJob::failed);
    job.start(path);
    ASSERT_TRUE(failed.wait(kTimeoutMs));
    auto error = failed.at(0).at(1).value<LoadError>();
    EXPECT_EQ(error.file, path);
    EXPECT_EQ(error.line, 3u);  // the stray comma of `  "models": [,]`
    EXPECT_EQ(error.column, 14u);
}

TEST(LoadJobTest, MissingWorkspaceFileFailsNamingIt) {
    LoadJob job;
    QSignalSpy failed(&job, &LoadJob::failed);
    job.start(QStringLiteral(RANKLAB_TEST_DATA "/ui/no_such.ranklab"));
    ASSERT_TRUE(failed.wait(kTimeoutMs));
    EXPECT_THAT(failed.at(0).at(1).value<LoadError>().file.toStdString(), EndsWith("no_such.ranklab"));
}

TEST(LoadJobTest, OtherExceptionsComeBackAsTheirMessage) {
    LoadJob job;
    job.setLoader([](const Workspace&, const Progress&) -> std::shared_ptr<const Dataset> {
        throw std::runtime_error("the disk caught fire");
    });
    QSignalSpy failed(&job, &LoadJob::failed);
    job.start(test::foundationWorkspace());
    ASSERT_TRUE(failed.wait(kTimeoutMs));
    auto error = failed.at(0).at(1).value<LoadError>();
    EXPECT_EQ(error.message, "the disk caught fire");
    EXPECT_TRUE(error.file.isEmpty());
    EXPECT_EQ(error.line, 0u);
}

TEST(LoadJobTest, DestroyingTheJobCancelsAndWaitsForItsThread) {
    FirstCallBlocks blocking;
    {
        LoadJob job;
        job.setLoader(blocking.loader());
        job.start(test::foundationWorkspace());
        ASSERT_TRUE(QTest::qWaitFor([&] { return *blocking.calls > 0; }, kTimeoutMs));
    }
    EXPECT_TRUE(*blocking.sawCancel);
}
