// The real main window under a seeded monkey, and the crash it was built
// for: a metric parameter changed in the window (by click, keyboard or a
// stray wheel turn) deleted the combo box that was still emitting.
//
//   RANKLAB_MONKEY_SEED=N     the seed (default 20261207); the log names it
//   RANKLAB_MONKEY_ACTIONS=N  actions on the example workspace (default 300: a few
//                             seconds; 1,500 ran in 27 s without a crash;
//                             20,000 by hand)
//   RANKLAB_MONKEY_LARGE=N    also N actions on 100,000 users x 3 models
//                             (by hand: 2,000)
//   RANKLAB_MONKEY_LOG=FILE   every action, one a line (else a temporary file,
//                             kept and named when a test fails)
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "gui_monkey.h"
#include "ui/app_settings.h"
#include "ui/evaluation_panel.h"
#include "ui/main_window.h"
#include "ui/report/report_export.h"
#include "ui_fixtures.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

std::uint64_t envNumber(const char* name, std::uint64_t fallback) {
    const QByteArray v = qgetenv(name);
    bool ok = false;
    const qulonglong n = v.toULongLong(&ok);
    return ok ? n : fallback;
}

// `workspace` rewritten into `dir` (its files by absolute path), so the
// monkey's saves never touch the original.
QString copyOfWorkspace(const QString& workspace, const QTemporaryDir& dir) {
    const Workspace ws = readWorkspaceFile(workspace.toStdString());
    const QString copy = QDir(dir.path()).filePath(QStringLiteral("monkey.ranklab"));
    writeWorkspaceFile(ws, copy.toStdString());
    return copy;
}

QComboBox* gainBox(MainWindow& window) {
    EvaluationPanel* panel = window.evaluationPanel();
    panel->selectFamily(QStringLiteral("ndcg"));
    return qobject_cast<QComboBox*>(panel->parameterWidget(QStringLiteral("gain")));
}

bool hasEntry(const MainWindow& window, const std::string& prefix) {
    for (const std::string& m : window.workspace().evaluation.metrics)
        if (m.rfind(prefix, 0) == 0) return true;
    return false;
}

// Runs `actions` monkey actions on `workspace`; the log is kept when the test fails.
void runMonkey(const QString& workspace, int actions) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString previous = QDir::currentPath();
    QDir::setCurrent(dir.path());  // anything a dialog writes by default lands here
    const std::uint64_t seed = envNumber("RANKLAB_MONKEY_SEED", 20261207);
    QString logPath = qEnvironmentVariable("RANKLAB_MONKEY_LOG");
    QTemporaryDir keep;
    keep.setAutoRemove(false);
    if (logPath.isEmpty()) logPath = QDir(keep.path()).filePath(QStringLiteral("monkey.log"));
    // File → Open Recent would reach workspaces other tests opened (the
    // shared example): the monkey's saves must only ever reach its copy.
    AppSettings::clearRecentWorkspaces();
    std::ofstream log(logPath.toStdString());
    log << "seed " << seed << " workspace " << workspace.toStdString() << '\n';
    {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const QString copy = copyOfWorkspace(workspace, dir);
        ASSERT_TRUE(test::openSettled(window, copy));
        test::GuiMonkey monkey(window, seed, &log);
        const int done = monkey.run(actions, [&] {
            log.flush();
            if (!test::waitIdle(window)) return false;
            // File → New left an empty workspace: the monkey goes on with
            // its copy open again (logged, so a replay does the same).
            if (window.workbench()->workspace().groundTruth.path.empty() && !window.workbench()->isModified()) {
                log << "reopen " << copy.toStdString() << '\n';
                window.openWorkspace(copy);
                return test::waitIdle(window);
            }
            return true;
        });
        EXPECT_EQ(done, actions) << "the window's work never ended after action " << done << "; seed " << seed
                                 << ", log " << logPath.toStdString();
        // The window still works after it all: an edit evaluates again.
        while (QWidget* modal = QApplication::activeModalWidget()) modal->close();
        EvaluationPanel* panel = window.evaluationPanel();
        WorkspaceEvaluation e = panel->evaluation();
        e.metrics = {"ndcg", "hr"};
        e.cutoffs = {10};
        e.sampledNegatives = 0;
        e.catalogSize = 0;
        e.profile.clear();
        panel->setEvaluation(e);
        Workspace next = window.workbench()->requestedWorkspace();
        next.evaluation = e;
        window.workbench()->edit(next);
        EXPECT_TRUE(test::waitIdle(window));
    }
    log.close();
    QDir::setCurrent(previous);
    if (!::testing::Test::HasFailure()) QDir(keep.path()).removeRecursively();
    else ADD_FAILURE() << "monkey log kept: " << logPath.toStdString() << " (seed " << seed << ")";
}

} // namespace

TEST(GuiMonkeyTest, ChangingNdcgsGainAndIdealListInTheWindowReEvaluates) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    EvaluationPanel* panel = window.evaluationPanel();
    // ndcg checked, so its parameters reach the workbench.
    auto items = panel->metricList()->findItems(QStringLiteral("ndcg"), Qt::MatchExactly);
    ASSERT_FALSE(items.isEmpty());
    items.first()->setCheckState(Qt::Checked);
    ASSERT_TRUE(test::waitIdle(window));
    QComboBox* gain = gainBox(window);
    ASSERT_NE(gain, nullptr);
    ASSERT_GE(gain->count(), 2);
    // By the program (as the popup does) ...
    gain->setCurrentIndex(1);
    ASSERT_TRUE(test::waitIdle(window));
    const std::string value = gain->itemData(1).toString().toStdString();
    EXPECT_TRUE(hasEntry(window, "ndcg(gain=" + value)) << "the edit reached the workspace";
    // ... the same box stays, still usable, and by the keyboard.
    EXPECT_EQ(gainBox(window), gain);
    gain->setFocus();
    QTest::keyClick(gain, Qt::Key_Up);
    ASSERT_TRUE(test::waitIdle(window));
    EXPECT_EQ(gain->currentIndex(), 0);
    EXPECT_FALSE(hasEntry(window, "ndcg(gain=" + value));
    // The ideal list too.
    auto* ideal = qobject_cast<QComboBox*>(panel->parameterWidget(QStringLiteral("ideal")));
    if (ideal && ideal->count() > 1) {
        ideal->setCurrentIndex(ideal->count() - 1);
        ASSERT_TRUE(test::waitIdle(window));
        EXPECT_EQ(panel->parameterWidget(QStringLiteral("ideal")), ideal);
    }
    // Another family's widgets replace these only later, from the event loop.
    QPointer<QComboBox> old(gain);
    panel->selectFamily(QStringLiteral("hr"));
    QTest::qWait(0);
    EXPECT_TRUE(old.isNull());
}

TEST(GuiMonkeyTest, AWheelTurnOverTheLeftColumnScrollsItAndChangesNoBox) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    auto items = window.evaluationPanel()->metricList()->findItems(QStringLiteral("ndcg"), Qt::MatchExactly);
    ASSERT_FALSE(items.isEmpty());
    items.first()->setCheckState(Qt::Checked);
    ASSERT_TRUE(test::waitIdle(window));
    QComboBox* gain = gainBox(window);
    ASSERT_NE(gain, nullptr);
    const int before = gain->currentIndex();
    const auto metrics = window.workspace().evaluation.metrics;
    auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("workspaceScroll"));
    ASSERT_NE(scroll, nullptr);
    window.setFocus();
    ASSERT_FALSE(gain->hasFocus());
    EXPECT_EQ(gain->focusPolicy(), Qt::StrongFocus);
    // Up and down over the box, as a stray scroll through the column does.
    for (int delta : {-120, -120, 120, -360}) test::GuiMonkey::wheel(gain, gain->rect().center(), delta);
    ASSERT_TRUE(test::waitIdle(window));
    EXPECT_EQ(gain->currentIndex(), before);
    EXPECT_FALSE(gain->hasFocus());
    EXPECT_EQ(window.workspace().evaluation.metrics, metrics);
    // The column scrolled instead, when it has somewhere to go.
    QScrollBar* bar = scroll->verticalScrollBar();
    if (bar->maximum() > 0) {
        bar->setValue(bar->maximum());
        const int at = bar->value();
        test::GuiMonkey::wheel(scroll->viewport(), scroll->viewport()->rect().center(), 120);
        EXPECT_LT(bar->value(), at);
    }
    // A box given the focus on purpose still takes the wheel.
    gain = gainBox(window);
    gain->setFocus();
    ASSERT_TRUE(gain->hasFocus());
    test::GuiMonkey::wheel(gain, gain->rect().center(), before == 0 ? -120 : 120);
    ASSERT_TRUE(test::waitIdle(window));
    EXPECT_NE(gain->currentIndex(), before);
}

TEST(GuiMonkeyTest, TheExampleWorkspaceSurvivesTheMonkey) {
    runMonkey(test::exampleWorkspace(), int(envNumber("RANKLAB_MONKEY_ACTIONS", 300)));
}

TEST(GuiMonkeyTest, AHundredThousandUsersSurviveTheMonkey) {
    const int actions = int(envNumber("RANKLAB_MONKEY_LARGE", 0));
    if (actions == 0) GTEST_SKIP() << "by hand: RANKLAB_MONKEY_LARGE=2000";
    runMonkey(test::syntheticWorkspace(100000, 3), actions);
}
