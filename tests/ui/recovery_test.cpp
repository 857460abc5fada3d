// Unsaved work survives a crash: an edit reaches the recovery file a
// moment later, saving removes it, and a recovery file whose process is gone
// (a crash) is offered and restored as the workspace it was: its own path,
// its edits, unsaved.
#include <sys/wait.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui/data_panel.h"
#include "ui/recovery_file.h"
#include "ui_fixtures.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

QString copyOfExample(const QTemporaryDir& dir) {
    const QString copy = QDir(dir.path()).filePath(QStringLiteral("mine.ranklab"));
    writeWorkspaceFile(readWorkspaceFile(test::exampleWorkspace().toStdString()), copy.toStdString());
    return copy;
}

// The pid of a process that has ended (a crashed RankLab's, as far as the
// recovery files can tell).
qint64 deadPid() {
    const pid_t child = fork();
    if (child == 0) _exit(0);
    int status = 0;
    waitpid(child, &status, 0);
    return child;
}

} // namespace

TEST(RecoveryTest, AnEditIsKeptInTheRecoveryFileUntilSaved) {
    QTemporaryDir dir;
    const QString mine = copyOfExample(dir);
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, mine));
    const QString recovery = RecoveryFile::fileOf(QCoreApplication::applicationPid());
    EXPECT_FALSE(QFile::exists(recovery));
    ModelListModel* models = window.dataPanel()->modelList();
    ASSERT_TRUE(models->setData(models->index(0, ModelListModel::NameColumn), QStringLiteral("renamed"), Qt::EditRole));
    ASSERT_TRUE(QTest::qWaitFor([&] { return QFile::exists(recovery); }, 10000));
    const Workspace kept = readWorkspaceFile(recovery.toStdString());
    EXPECT_EQ(kept.models.at(0).name, "renamed");
    EXPECT_EQ(kept.models.at(0).path, window.workspace().models.at(0).path);  // the data where it is
    ASSERT_TRUE(window.saveWorkspaceTo(mine));
    EXPECT_FALSE(QFile::exists(recovery));
}

TEST(RecoveryTest, ALeftBehindRecoveryFileIsRestoredAsTheWorkspaceItWas) {
    QTemporaryDir dir;
    const QString mine = copyOfExample(dir);
    Workspace edited = readWorkspaceFile(mine.toStdString());
    edited.models.at(1).name = "edited-but-unsaved";
    // A crashed RankLab's files: its recovery workspace and where it belonged.
    const qint64 pid = deadPid();
    QDir().mkpath(RecoveryFile::folder());
    writeWorkspaceFile(edited, RecoveryFile::fileOf(pid).toStdString());
    QFile sidecar(QDir(RecoveryFile::folder()).filePath(QStringLiteral("%1.json").arg(pid)));
    ASSERT_TRUE(sidecar.open(QIODevice::WriteOnly));
    sidecar.write(QStringLiteral("{\"original\": \"%1\", \"written\": \"2026-12-07T10:00:00Z\"}").arg(mine).toUtf8());
    sidecar.close();
    // A running process's recovery file is its own business: not offered.
    const qint64 alive = getppid();
    writeWorkspaceFile(edited, RecoveryFile::fileOf(alive).toStdString());

    const QList<RecoveryFile::Found> found = RecoveryFile::leftBehind();
    ASSERT_EQ(found.size(), 1);
    EXPECT_EQ(found.front().pid, pid);
    EXPECT_EQ(found.front().originalPath, mine);

    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::workspaceLoaded);
    window.restoreRecovery(found.front());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !loaded.isEmpty(); }, test::kWaitMs));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.workspacePath() == mine; }, 5000));
    EXPECT_TRUE(window.isWindowModified());
    EXPECT_EQ(window.workspace().models.at(1).name, "edited-but-unsaved");
    EXPECT_FALSE(QFile::exists(RecoveryFile::fileOf(pid)));
    EXPECT_TRUE(RecoveryFile::leftBehind().isEmpty());
    QFile::remove(RecoveryFile::fileOf(alive));
}
