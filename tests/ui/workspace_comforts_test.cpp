// The window's comforts, driven through the real main window: File → New,
// a workspace file without a comparison set-up starting from the defaults,
// file dialogs starting beside the workspace, the status bar never keeping
// a finished job's label, and the import dialog's model name.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "stats/practical_significance.h"
#include "ui/app_settings.h"
#include "ui/data_panel.h"
#include "ui/import_dialog.h"
#include "ui/main_window.h"
#include "ui/summary/summary_view.h"
#include "ui/ui_fixtures.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui {
namespace {

// The example workspace written into `dir` as `name` (its files by absolute
// path), with or without its comparison set-up.
QString copyOfExample(const QTemporaryDir& dir, const QString& name, bool withComparison) {
    Workspace ws = readWorkspaceFile(test::exampleWorkspace().toStdString());
    if (!withComparison) ws.comparison.reset();
    const QString copy = QDir(dir.path()).filePath(name);
    writeWorkspaceFile(ws, copy.toStdString());
    return copy;
}

// Runs `act` and answers the modal dialog it opens with `answer` (called
// with the dialog); fails if none opens.
template <class Dialog, class Answer>
bool answerDialog(const std::function<void()>& act, Answer answer) {
    bool seen = false;
    QTimer timer;
    timer.setInterval(10);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        if (auto* d = qobject_cast<Dialog*>(QApplication::activeModalWidget())) {
            timer.stop();
            seen = true;
            answer(d);
        }
    });
    timer.start();
    act();
    timer.stop();
    return seen;
}

class WorkspaceComfortsTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir_.isValid());
        AppSettings::clearRecentWorkspaces();
        QSettings().remove(QStringLiteral("folders"));  // no folder chosen before
        window_.resize(1366, 768);
        window_.show();
    }
    QTemporaryDir dir_;
    MainWindow window_;
};

TEST_F(WorkspaceComfortsTest, FileNewLeavesAnEmptyUntitledWorkspaceWithTheDefaultComparison) {
    ASSERT_TRUE(test::openSettled(window_, copyOfExample(dir_, QStringLiteral("a.ranklab"), true)));
    Workbench* bench = window_.workbench();
    ASSERT_TRUE(bench->dataset());
    stats::ComparisonOptions changed = bench->comparisonOptions();
    changed.alpha = 0.01;
    changed.minEffect = stats::parseMinEffects("0.02");
    bench->compare(changed);
    bench->setSummaryLayout("delta", true);
    ASSERT_TRUE(test::waitIdle(window_));
    ASSERT_TRUE(bench->isModified());

    // Unsaved changes: File → New asks first; Cancel keeps everything.
    EXPECT_TRUE(answerDialog<QMessageBox>([&] { window_.newAction()->trigger(); },
                                         [](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); }));
    EXPECT_TRUE(bench->dataset());
    EXPECT_EQ(bench->comparisonOptions().alpha, 0.01);

    // Discard: an empty, untitled, unmodified workspace, defaults again.
    EXPECT_TRUE(answerDialog<QMessageBox>([&] { window_.newAction()->trigger(); },
                                         [](QMessageBox* box) { box->button(QMessageBox::Discard)->click(); }));
    EXPECT_FALSE(bench->dataset());
    EXPECT_FALSE(bench->result());
    EXPECT_TRUE(bench->workspace().models.empty());
    EXPECT_TRUE(bench->workspace().groundTruth.path.empty());
    EXPECT_TRUE(bench->path().isEmpty());
    EXPECT_FALSE(bench->isModified());
    EXPECT_EQ(bench->comparisonOptions().alpha, stats::ComparisonOptions{}.alpha);
    EXPECT_EQ(bench->comparisonOptions().baseline, std::optional<std::size_t>(0));  // the first model, as the CLI
    EXPECT_TRUE(bench->comparisonOptions().minEffect.empty());
    EXPECT_EQ(bench->summaryDisplay(), "mean");
    EXPECT_FALSE(bench->summaryTransposed());
    EXPECT_TRUE(window_.windowTitle().startsWith(QStringLiteral("Untitled")));
    EXPECT_FALSE(window_.undoStack()->canUndo());
    EXPECT_FALSE(window_.statusLabel()->text().isEmpty());

    // The window still works: a workspace opens and evaluates after it.
    ASSERT_TRUE(test::openSettled(window_, copyOfExample(dir_, QStringLiteral("b.ranklab"), true)));
    EXPECT_TRUE(bench->result());
}

TEST_F(WorkspaceComfortsTest, AWorkspaceWithoutAComparisonSetUpNeverInheritsThePreviousOnesDeltaViewOrDelta) {
    ASSERT_TRUE(test::openSettled(window_, copyOfExample(dir_, QStringLiteral("a.ranklab"), true)));
    Workbench* bench = window_.workbench();
    stats::ComparisonOptions changed = bench->comparisonOptions();
    changed.alpha = 0.01;
    changed.minEffect = stats::parseMinEffects("0.02");
    bench->compare(changed);
    bench->setSummaryLayout("delta", true);
    bench->setInterval("none");
    ASSERT_TRUE(test::waitIdle(window_));
    ASSERT_TRUE(bench->save(QDir(dir_.path()).filePath(QStringLiteral("a.ranklab"))));

    ASSERT_TRUE(test::openSettled(window_, copyOfExample(dir_, QStringLiteral("plain.ranklab"), false)));
    EXPECT_EQ(bench->summaryDisplay(), "mean");
    EXPECT_FALSE(bench->summaryTransposed());
    EXPECT_EQ(bench->interval(), "t");
    EXPECT_EQ(bench->comparisonOptions().alpha, 0.05);
    EXPECT_TRUE(bench->comparisonOptions().minEffect.empty());

    // A workspace that saved its set-up gets it back.
    ASSERT_TRUE(test::openSettled(window_, QDir(dir_.path()).filePath(QStringLiteral("a.ranklab"))));
    EXPECT_EQ(bench->summaryDisplay(), "delta");
    EXPECT_TRUE(bench->summaryTransposed());
    EXPECT_EQ(bench->comparisonOptions().alpha, 0.01);
    EXPECT_FALSE(bench->comparisonOptions().minEffect.empty());
}

TEST_F(WorkspaceComfortsTest, FileDialogsStartBesideTheOpenWorkspaceThenWhereTheyLastChose) {
    // Nothing chosen yet and nothing open: the home folder, never the
    // process's working folder.
    AppSettings::setWorkspaceFile({});
    EXPECT_EQ(AppSettings::startFolder(AppSettings::Folder::Data), QDir::homePath());
    EXPECT_EQ(AppSettings::startFolder(AppSettings::Folder::Workspace), QDir::homePath());

    const QString workspace = copyOfExample(dir_, QStringLiteral("a.ranklab"), true);
    ASSERT_TRUE(test::openSettled(window_, workspace));
    const QString beside = QFileInfo(workspace).absolutePath();
    EXPECT_EQ(AppSettings::startFolder(AppSettings::Folder::Data), beside);
    EXPECT_EQ(AppSettings::startFolder(AppSettings::Folder::Export), beside);
    EXPECT_EQ(AppSettings::startPath(AppSettings::Folder::Export, QStringLiteral("c.csv")),
              QDir(beside).filePath(QStringLiteral("c.csv")));

    // The window's Add Model… opens its file dialog there.
    QString shown;
    EXPECT_TRUE(answerDialog<QFileDialog>([&] { window_.dataPanel()->chooseFile(Role::Run); },
                                          [&](QFileDialog* d) {
                                              shown = d->directory().absolutePath();
                                              d->reject();
                                          }));
    EXPECT_EQ(shown, beside);

    // A folder chosen once is where the next dialog of its kind starts;
    // one since deleted falls back to the workspace's.
    QTemporaryDir other;
    AppSettings::setLastFolder(AppSettings::Folder::Data, QDir(other.path()).filePath(QStringLiteral("x.run")));
    EXPECT_EQ(AppSettings::startFolder(AppSettings::Folder::Data), QFileInfo(other.path()).absoluteFilePath());
    const QString gone = other.path();
    other.remove();
    EXPECT_EQ(AppSettings::startFolder(AppSettings::Folder::Data), beside) << gone.toStdString();
}

TEST_F(WorkspaceComfortsTest, TheStatusBarReturnsToTheStateWhenAViewsJobEnds) {
    ASSERT_TRUE(test::openSettled(window_, copyOfExample(dir_, QStringLiteral("a.ranklab"), true)));
    const QString state = window_.statusLabel()->text();
    ASSERT_FALSE(state.isEmpty());
    // Every tab's work: the label it shows while running never stays.
    for (int i = 0; i < window_.tabs()->count(); ++i) {
        window_.tabs()->setCurrentIndex(i);
        ASSERT_TRUE(test::waitIdle(window_));
        QTest::qWait(10);
        EXPECT_EQ(window_.statusLabel()->text(), state) << "tab " << window_.tabs()->tabText(i).toStdString();
    }
    // An event's message stays until the next one.
    ASSERT_TRUE(window_.saveWorkspaceTo(QDir(dir_.path()).filePath(QStringLiteral("saved.ranklab"))));
    EXPECT_TRUE(window_.statusLabel()->text().startsWith(QStringLiteral("Saved")));
}

// A TREC run named by its tag, as the loader names it.
QString writeRun(const QTemporaryDir& dir, const QString& file, const char* tag) {
    const QString path = QDir(dir.path()).filePath(file);
    std::ofstream out(path.toStdString());
    out << "q1 Q0 d1 1 2.0 " << tag << "\nq1 Q0 d2 2 1.0 " << tag << '\n';
    return path;
}

TEST_F(WorkspaceComfortsTest, TheImportDialogNamesTheModelAndSaysWhenANameJoinsAnother) {
    const QString run = writeRun(dir_, QStringLiteral("broken.run"), "broad");
    {
        ImportDialog dialog(run, Role::Run, {}, false);
        EXPECT_EQ(dialog.modelName(), QStringLiteral("broad"));  // the tag, as the loader would name it
        EXPECT_FALSE(dialog.modelNameNote()->isVisibleTo(&dialog));
        // A taken tag: the file's name is suggested, never joining a model.
        dialog.setTakenNames({QStringLiteral("broad")});
        EXPECT_EQ(dialog.modelName(), QStringLiteral("broken"));
        EXPECT_FALSE(dialog.modelNameNote()->isVisibleTo(&dialog));
        // Typed as a taken name: said, as repeated runs.
        dialog.modelNameEdit()->clear();
        QTest::keyClicks(dialog.modelNameEdit(), QStringLiteral("broad"));
        EXPECT_EQ(dialog.modelName(), QStringLiteral("broad"));
        EXPECT_TRUE(dialog.modelNameNote()->isVisibleTo(&dialog));
        EXPECT_TRUE(dialog.modelNameNote()->text().contains(QStringLiteral("another run")));
        // Only a run has a model name.
        ImportDialog judgments(run, Role::Judgments, {}, true);
        judgments.setRole(Role::Judgments);
        EXPECT_TRUE(judgments.modelName().isEmpty());
        EXPECT_FALSE(judgments.modelNameEdit()->isEnabled());
    }

    // Through the window: Add Model… with a typed name names the model.
    ASSERT_TRUE(test::openSettled(window_, copyOfExample(dir_, QStringLiteral("a.ranklab"), true)));
    const std::size_t before = window_.workbench()->workspace().models.size();
    QSignalSpy loaded(window_.workbench(), &Workbench::loaded);
    EXPECT_TRUE(answerDialog<ImportDialog>([&] { window_.dataPanel()->addModels({run}); },
                                           [](ImportDialog* d) {
                                               d->modelNameEdit()->clear();
                                               QTest::keyClicks(d->modelNameEdit(), QStringLiteral("my model"));
                                               d->accept();
                                           }));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !loaded.isEmpty(); }, test::kWaitMs));
    ASSERT_TRUE(test::waitIdle(window_));
    const auto& models = window_.workbench()->workspace().models;
    ASSERT_EQ(models.size(), before + 1);
    EXPECT_EQ(models.back().name, "my model");
    EXPECT_EQ(models.back().path, QFileInfo(run).absoluteFilePath().toStdString());
}

TEST_F(WorkspaceComfortsTest, ABadLineOffersToReadTheFileAgainSkippingBadLines) {
    // The bad run's line 3 has the score "high": the load fails and says so.
    QSignalSpy failed(&window_, &MainWindow::workspaceLoadFailed);
    window_.openWorkspace(test::badRunWorkspace());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !failed.isEmpty(); }, test::kWaitMs));
    auto* box = window_.findChild<QMessageBox*>(QStringLiteral("loadErrorDialog"));
    ASSERT_NE(box, nullptr);
    auto* retry = box->findChild<QPushButton*>(QStringLiteral("retrySkippingBadLines"));
    ASSERT_NE(retry, nullptr) << "the dialog offers the retry";
    EXPECT_FALSE(window_.workbench()->dataset());

    QSignalSpy loaded(&window_, &MainWindow::workspaceLoaded);
    retry->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !loaded.isEmpty(); }, test::kWaitMs));
    ASSERT_TRUE(test::waitIdle(window_));
    Workbench* bench = window_.workbench();
    ASSERT_TRUE(bench->dataset());
    // Only the bad file skips its bad lines; the good one keeps the workspace's reading.
    const Workspace& ws = bench->workspace();
    ASSERT_EQ(ws.models.size(), 2u);
    EXPECT_FALSE(ws.models[0].reading.has_value());
    ASSERT_TRUE(ws.models[1].reading.has_value());
    EXPECT_TRUE(ws.models[1].reading->skipBadLines);
    // The bad line was skipped and counted: 1 line, 2 kept for u1.
    const Dataset& data = *bench->dataset();
    ASSERT_EQ(data.models.size(), 2u);
    EXPECT_EQ(data.models[1].report.skippedLines, 1u);
    EXPECT_EQ(data.models[0].report.skippedLines, 0u);
    // The workspace's path is the file opened, and it is modified (its reading changed).
    EXPECT_EQ(QFileInfo(bench->path()).absoluteFilePath(), QFileInfo(test::badRunWorkspace()).absoluteFilePath());
    EXPECT_TRUE(bench->isModified());

    // A load that did not fail has nothing to retry.
    EXPECT_FALSE(bench->canRetrySkippingBadLines(QString::fromStdString(ws.models[1].path)));
}

TEST_F(WorkspaceComfortsTest, AModelWhoseFileIsMissingIsSaidInTheSummaryNotDropped) {
    Workspace ws = readWorkspaceFile(test::exampleWorkspace().toStdString());
    WorkspaceModel ghost;
    ghost.name = "ghost";
    ghost.path = QDir(dir_.path()).filePath(QStringLiteral("nowhere/ghost.run")).toStdString();
    ws.models.push_back(ghost);
    const QString path = QDir(dir_.path()).filePath(QStringLiteral("ghost.ranklab"));
    writeWorkspaceFile(ws, path.toStdString());
    ASSERT_TRUE(test::openSettled(window_, path));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window_.summaryView()->result() != nullptr; }, test::kWaitMs));
    EXPECT_EQ(window_.summaryView()->missingModels(), QStringList{QStringLiteral("ghost")});
    const QString note = window_.summaryView()->noteLabel()->text();
    EXPECT_TRUE(note.startsWith(QStringLiteral("⚠ Not shown: ghost"))) << note.toStdString();
    // Every model found is still compared.
    EXPECT_EQ(window_.summaryView()->result()->evaluation->models.size(), ws.models.size() - 1);
}

} // namespace
} // namespace ranklab::ui
