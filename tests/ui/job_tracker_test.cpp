// The one job tracker: off the GUI thread, newest wins, stale results are
// dropped, cancel and errors are reported once.
#include "ui/job_tracker.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::ElementsAre;

namespace {

constexpr int kTimeoutMs = 10000;

// Work that waits until cancelled (or 10 s), then returns `value` anyway:
// a tracker that delivered it would be caught.
std::function<int(const Progress&)> blockUntilCancelled(int value, std::atomic<bool>* sawCancel = nullptr,
                                                        std::atomic<bool>* running = nullptr) {
    return [value, sawCancel, running](const Progress& progress) {
        if (running) *running = true;
        QDeadlineTimer deadline(kTimeoutMs);
        while (!progress.cancelled() && !deadline.hasExpired()) QThread::msleep(2);
        if (sawCancel) *sawCancel = progress.cancelled();
        return value;
    };
}

} // namespace

TEST(JobTrackerTest, RunsOffTheGuiThreadAndDeliversOnIt) {
    JobTracker jobs;
    std::atomic<bool> workOnGui{true};
    bool doneOnGui = false;
    int got = 0;
    jobs.start<int>(
        "job",
        [&](const Progress& p) {
            workOnGui = QThread::currentThread() == qApp->thread();
            p.report(0.5);
            return 42;
        },
        [&](int v) {
            doneOnGui = QThread::currentThread() == qApp->thread();
            got = v;
        });
    EXPECT_TRUE(jobs.isBusy());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !jobs.isBusy(); }, kTimeoutMs));
    EXPECT_FALSE(workOnGui);
    EXPECT_TRUE(doneOnGui);
    EXPECT_EQ(got, 42);
}

TEST(JobTrackerTest, TheNewestJobWinsAndTheSupersededResultIsDropped) {
    JobTracker jobs;
    std::atomic<bool> firstSawCancel{false}, firstRunning{false};
    std::vector<int> delivered;
    QSignalSpy busy(&jobs, &JobTracker::busyChanged);
    jobs.start<int>("first", blockUntilCancelled(1, &firstSawCancel, &firstRunning),
                    [&](int v) { delivered.push_back(v); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return firstRunning.load(); }, kTimeoutMs));
    jobs.start<int>("second", [](const Progress&) { return 2; }, [&](int v) { delivered.push_back(v); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return jobs.runningTasks() == 0; }, kTimeoutMs));
    QTest::qWait(20);
    EXPECT_TRUE(firstSawCancel);  // starting the second cancelled the first
    EXPECT_THAT(delivered, ElementsAre(2));
    // Busy once for both, idle once at the end.
    ASSERT_EQ(busy.size(), 2);
    EXPECT_TRUE(busy[0][0].toBool());
    EXPECT_FALSE(busy[1][0].toBool());
}

TEST(JobTrackerTest, CancelReportsOnceAndNothingElse) {
    JobTracker jobs;
    QSignalSpy cancelled(&jobs, &JobTracker::cancelled);
    QSignalSpy failed(&jobs, &JobTracker::failed);
    bool done = false;
    jobs.start<int>("long", blockUntilCancelled(7), [&](int) { done = true; });
    jobs.cancel();
    EXPECT_FALSE(jobs.isBusy());
    ASSERT_EQ(cancelled.size(), 1);
    EXPECT_EQ(cancelled[0][0].toString(), "long");
    ASSERT_TRUE(QTest::qWaitFor([&] { return jobs.runningTasks() == 0; }, kTimeoutMs));
    QTest::qWait(20);
    EXPECT_FALSE(done);
    EXPECT_EQ(cancelled.size(), 1);
    EXPECT_EQ(failed.size(), 0);
    jobs.cancel();  // idle: nothing
    EXPECT_EQ(cancelled.size(), 1);
}

TEST(JobTrackerTest, AnErrorBecomesFailedWithItsLocation) {
    JobTracker jobs;
    QSignalSpy failed(&jobs, &JobTracker::failed);
    jobs.start<int>(
        "bad", [](const Progress&) -> int { throw InputError({"runs/a.run", 12, 5}, "not a number", "u1 Q0 x"); },
        [](int) { ADD_FAILURE() << "no result expected"; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !failed.isEmpty(); }, kTimeoutMs));
    const auto error = failed[0][1].value<LoadError>();
    EXPECT_EQ(error.file, "runs/a.run");
    EXPECT_EQ(error.line, 12u);
    EXPECT_EQ(error.column, 5u);
    EXPECT_EQ(error.problem, "not a number");
    EXPECT_FALSE(jobs.isBusy());
}

TEST(JobTrackerTest, ProgressReachesTheGuiThreadForTheCurrentJobOnly) {
    JobTracker jobs;
    QSignalSpy progress(&jobs, &JobTracker::progressChanged);
    jobs.start<int>(
        "steps",
        [](const Progress& p) {
            for (int i = 1; i <= 4; ++i) {
                p.report(i / 4.0);
                QThread::msleep(20);
            }
            return 0;
        },
        [](int) {});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !jobs.isBusy(); }, kTimeoutMs));
    ASSERT_FALSE(progress.isEmpty());
    EXPECT_DOUBLE_EQ(progress.last()[0].toDouble(), 1.0);
}
