#include "ui/main_window.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QHeaderView>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/progress.h"
#include "ui/app_settings.h"
#include "ui/job_tracker.h"
#include "ui/loaded_files_model.h"
#include "ui/loaded_files_panel.h"
#include "ui/workspace_totals.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

constexpr int kTimeoutMs = 10000;

// Opens `path` and waits until the window reports the end of the load.
bool openAndWait(MainWindow& window, const QString& path, bool expectSuccess = true) {
    QSignalSpy loaded(&window, &MainWindow::workspaceLoaded);
    QSignalSpy failed(&window, &MainWindow::workspaceLoadFailed);
    window.openWorkspace(path);
    const bool ended = QTest::qWaitFor([&] { return !loaded.isEmpty() || !failed.isEmpty(); }, kTimeoutMs);
    return ended && (expectSuccess ? !loaded.isEmpty() : !failed.isEmpty());
}

QStringList menuTitles(const QMenuBar* bar) {
    QStringList titles;
    for (QAction* a : bar->actions()) titles << a->text().remove(QLatin1Char('&'));
    return titles;
}

bool hasShortcut(const QMenuBar* bar, const QString& menu, QKeySequence::StandardKey key) {
    for (QAction* m : bar->actions()) {
        if (m->text().remove(QLatin1Char('&')) != menu || !m->menu()) continue;
        for (QAction* a : m->menu()->actions())
            if (a->shortcut() == QKeySequence(key)) return true;
    }
    return false;
}

} // namespace

TEST(MainWindowTest, HasTheStandardMenusAndShortcuts) {
    MainWindow window;
    EXPECT_EQ(menuTitles(window.menuBar()), QStringList({"File", "Edit", "View", "Evaluate", "Help"}));
    EXPECT_TRUE(hasShortcut(window.menuBar(), "File", QKeySequence::Open));
    EXPECT_TRUE(hasShortcut(window.menuBar(), "File", QKeySequence::Quit));
    EXPECT_TRUE(hasShortcut(window.menuBar(), "Edit", QKeySequence::Copy));
    EXPECT_FALSE(window.progressBar()->isVisibleTo(&window));
    EXPECT_FALSE(window.cancelButton()->isVisibleTo(&window));
}

TEST(MainWindowTest, OpeningAWorkspaceShowsItsFilesAsTheCoreLoadsThem) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, test::foundationWorkspace()));

    Dataset expected = test::loadWithCore(test::foundationWorkspace());
    const LoadedFilesModel& model = *window.loadedFilesModel();
    ASSERT_EQ(model.rowCount(), 5);
    test::expectRow(model, 0, "Ground truth", "qrels.txt", expected.judgmentsReport);
    test::expectRow(model, 1, "Model", "toprank", expected.models[0].report);
    test::expectRow(model, 2, "Model", "bm25", expected.models[1].report);
    test::expectRow(model, 3, "Training interactions", "train.tsv", *expected.exclusionsReport);
    test::expectRow(model, 4, "Cohorts", "groups.tsv", *expected.cohortsReport);

    ASSERT_TRUE(window.dataset());
    EXPECT_EQ(window.dataset()->ids.users.size(), expected.ids.users.size());
    EXPECT_EQ(window.workspacePath(), test::foundationWorkspace());
    EXPECT_EQ(window.loadedFilesPanel()->totalsLabel()->text(), WorkspaceTotals::of(expected).text());
    EXPECT_THAT(window.windowTitle().toStdString(), HasSubstr("foundation.ranklab"));
    // The evaluation follows the load; once it ends the progress goes away.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.workbench()->jobs()->isBusy(); }, kTimeoutMs));
    EXPECT_FALSE(window.progressBar()->isVisible());
    EXPECT_FALSE(window.cancelButton()->isVisible());
    EXPECT_EQ(AppSettings::recentWorkspaces().value(0), test::foundationWorkspace());
}

TEST(MainWindowTest, TotalsAreTheHandCountedSizesOfTheFixture) {
    Dataset data = test::loadWithCore(test::foundationWorkspace());
    WorkspaceTotals totals = WorkspaceTotals::of(data);
    // Users u1-u5 (u5 only in bm25.run); items i1-i9 (i9 only in bm25.run);
    // u1-u4 judged in 6 qrels lines.
    EXPECT_EQ(totals.users, 5u);
    EXPECT_EQ(totals.items, 9u);
    EXPECT_EQ(totals.models, 2u);
    EXPECT_EQ(totals.judgedUsers, 4u);
    EXPECT_EQ(totals.judgments, 6u);
}

TEST(MainWindowTest, ABadFileShowsTheErrorAndKeepsThePreviousWorkspace) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, test::foundationWorkspace()));
    const auto before = window.dataset();

    ASSERT_TRUE(openAndWait(window, test::badRunWorkspace(), /*expectSuccess=*/false));
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("loadErrorDialog"));
    ASSERT_TRUE(box);
    EXPECT_TRUE(box->isVisible());
    const std::string text = box->informativeText().toStdString();
    EXPECT_THAT(text, HasSubstr("bad.run"));
    EXPECT_THAT(text, HasSubstr("line 3"));
    EXPECT_THAT(text, HasSubstr("high"));
    // The file at fault is named, not the workspace (issue 13).
    EXPECT_THAT(box->text().toStdString(), HasSubstr("Could not read bad.run"));
    box->close();

    EXPECT_EQ(window.dataset(), before);  // the very same Dataset
    EXPECT_EQ(window.workspacePath(), test::foundationWorkspace());
    EXPECT_EQ(window.loadedFilesModel()->rowCount(), 5);
    EXPECT_FALSE(window.progressBar()->isVisible());
}

TEST(MainWindowTest, CancelButtonStopsTheLoadAndKeepsThePreviousWorkspace) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, test::foundationWorkspace()));
    const auto before = window.dataset();

    // The next load waits until it is cancelled.
    window.workbench()->setLoader([](const Workspace&, const Progress& progress) {
        QDeadlineTimer deadline(kTimeoutMs);
        while (!deadline.hasExpired()) {
            progress.check();
            QThread::msleep(2);
        }
        return std::make_shared<const Dataset>();
    });
    QSignalSpy cancelled(&window, &MainWindow::workspaceLoadCancelled);
    QSignalSpy loaded(&window, &MainWindow::workspaceLoaded);
    window.openWorkspace(test::badRunWorkspace());
    EXPECT_TRUE(window.progressBar()->isVisible());
    ASSERT_TRUE(window.cancelButton()->isVisible());
    QTest::mouseClick(window.cancelButton(), Qt::LeftButton);

    EXPECT_EQ(cancelled.size(), 1);
    EXPECT_FALSE(window.progressBar()->isVisible());
    EXPECT_FALSE(window.cancelButton()->isVisible());
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.workbench()->jobs()->runningTasks() == 0; }, kTimeoutMs));
    QTest::qWait(50);
    EXPECT_EQ(loaded.size(), 0);
    EXPECT_EQ(window.dataset(), before);
    EXPECT_EQ(window.workspacePath(), test::foundationWorkspace());
}

TEST(MainWindowTest, EmptyWindowSaysHowToOpenAWorkspace) {
    MainWindow window;
    EXPECT_FALSE(window.dataset());
    EXPECT_EQ(window.loadedFilesModel()->rowCount(), 0);
    EXPECT_FALSE(window.loadedFilesPanel()->table()->isVisibleTo(&window));
}

TEST(MainWindowTest, AnErrorWithNothingOpenDoesNotSayAWorkspaceStaysOpen) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, test::badRunWorkspace(), /*expectSuccess=*/false));
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("loadErrorDialog"));
    ASSERT_TRUE(box);
    EXPECT_THAT(box->informativeText().toStdString(), Not(HasSubstr("stays open")));
    EXPECT_FALSE(window.dataset());
    box->close();
}

TEST(MainWindowTest, CopyPutsTheFilesTableOnTheClipboardAsTabSeparatedText) {
    MainWindow window;
    ASSERT_TRUE(openAndWait(window, test::foundationWorkspace()));
    window.tabs()->setCurrentWidget(window.loadedFilesPanel());  // Copy copies the tab shown
    window.copySelection();
    const QStringList lines = QGuiApplication::clipboard()->text().split('\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 6);  // the header and the five files
    EXPECT_TRUE(lines[0].startsWith("Role\tName\tPath\t"));
    EXPECT_TRUE(lines[2].startsWith("Model\ttoprank\t"));
}

TEST(MainWindowTest, TheFilesTableShowsEveryRowWithoutScrolling) {
    // Eleven files (ground truth, eight models, exclusions, cohorts): more
    // rows than a table view's default height holds.
    QTemporaryDir dir;
    Workspace ws = readWorkspaceFile(test::foundationWorkspace().toStdString());
    for (int i = 0; ws.models.size() < 8; ++i) {
        WorkspaceModel copy = ws.models[0];
        copy.name = "copy " + std::to_string(i);
        ws.models.push_back(copy);
    }
    const QString path = dir.filePath(QStringLiteral("eleven.ranklab"));
    writeWorkspaceFile(ws, path.toStdString());

    MainWindow window;
    window.resize(1400, 860);
    window.show();
    ASSERT_TRUE(openAndWait(window, path));
    window.tabs()->setCurrentWidget(window.loadedFilesPanel());
    QTableView* table = window.loadedFilesPanel()->table();
    ASSERT_EQ(table->model()->rowCount(), 11);
    ASSERT_TRUE(QTest::qWaitFor([&] { return table->isVisible(); }, kTimeoutMs));
    QTest::qWait(20);  // layouts settle
    EXPECT_FALSE(table->verticalScrollBar()->isVisible());
    EXPECT_GE(table->viewport()->height(), table->verticalHeader()->length())
        << "window " << window.height() << ", tabs " << window.tabs()->height() << ", panel "
        << window.loadedFilesPanel()->height() << ", status " << window.statusBar()->height() << ", menu "
        << window.menuBar()->height() << ", table " << table->height() << " max " << table->maximumHeight() << " hh " << table->horizontalHeader()->height() << " hint " << table->horizontalHeader()->sizeHint().height() << " frame " << table->frameWidth() << ", totals "
        << window.loadedFilesPanel()->findChild<QLabel*>(QStringLiteral("workspaceTotals"))->height() << ", skipped "
        << window.loadedFilesPanel()->findChild<QLabel*>(QStringLiteral("skippedLines"))->height() << " "
        << window.loadedFilesPanel()->findChild<QLabel*>(QStringLiteral("skippedLines"))->isVisible() << " "
        << window.loadedFilesPanel()->findChild<QLabel*>(QStringLiteral("skippedLines"))->text().toStdString();
}
