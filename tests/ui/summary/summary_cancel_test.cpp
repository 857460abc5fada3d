// Cancel (Esc) while the models are compared again: the Summary goes back to
// the last completed comparison — table, note and toolbar all show its
// settings, and so does the workbench — instead of staying on "computing
// intervals…" under the new settings.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/evaluation_panel.h"
#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"
#include "ui/workbench.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

QString workspacePath() { return test::exampleDir() + QStringLiteral("/example.ranklab"); }

} // namespace

TEST(SummaryCancelTest, CancellingANewBaselineRestoresTheLastComparisonEverywhere) {
    MainWindow window;
    ASSERT_TRUE(test::openCompared(window, workspacePath()));
    SummaryView* summary = window.summaryView();
    const auto before = summary->result();
    ASSERT_EQ(before->comparison->options.baseline, std::optional<std::size_t>(0));  // toprank
    QComboBox* baseline = summary->toolBar()->baselineBox();
    baseline->setCurrentIndex(baseline->findText(QStringLiteral("popularity")));
    ASSERT_EQ(window.workbench()->work(), Workbench::Work::Compare);
    window.cancelWork();
    QCoreApplication::processEvents();

    EXPECT_EQ(window.workbench()->work(), Workbench::Work::None);
    EXPECT_EQ(baseline->currentText(), QStringLiteral("toprank"));
    EXPECT_EQ(summary->comparisonOptions().baseline, std::optional<std::size_t>(0));
    EXPECT_EQ(window.workbench()->comparisonOptions().baseline, std::optional<std::size_t>(0));
    ASSERT_TRUE(summary->result()->comparison);
    EXPECT_EQ(summary->result()->comparison, before->comparison);
    const QString note = summary->noteLabel()->text();
    EXPECT_EQ(note.indexOf(QStringLiteral("computing")), -1) << note.toStdString();
    EXPECT_NE(note.indexOf(QStringLiteral("than toprank")), -1) << note.toStdString();
    EXPECT_EQ(summary->tableModel()->index(0, 0).data().toString(), QStringLiteral("toprank (baseline)"));
}

TEST(SummaryCancelTest, CancellingTheComparisonAfterANewCutoffShowsTheLastCompletedOne) {
    MainWindow window;
    ASSERT_TRUE(test::openCompared(window, workspacePath()));
    SummaryView* summary = window.summaryView();
    const auto before = summary->result();
    QLineEdit* cutoffs = window.evaluationPanel()->cutoffEdit();
    cutoffs->setText(QStringLiteral("3"));
    Q_EMIT cutoffs->editingFinished();
    // The new evaluation arrives and its comparison starts: "computing…".
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.workbench()->work() == Workbench::Work::Compare; }, test::kWaitMs));
    ASSERT_NE(summary->result()->evaluation, before->evaluation);
    EXPECT_NE(summary->noteLabel()->text().indexOf(QStringLiteral("computing")), -1);
    window.cancelWork();
    QCoreApplication::processEvents();

    ASSERT_TRUE(summary->result()->comparison);
    EXPECT_EQ(summary->result()->evaluation, before->evaluation);
    EXPECT_EQ(summary->result()->comparison, before->comparison);
    EXPECT_EQ(window.workbench()->evaluation(), before->evaluation);
    EXPECT_EQ(summary->tableView()->model()->columnCount(), before->evaluation->metricCount() + 1);
    EXPECT_EQ(summary->noteLabel()->text().indexOf(QStringLiteral("computing")), -1);
    EXPECT_TRUE(summary->toolBar()->isEnabled());
}

TEST(SummaryCancelTest, CancellingTheFirstComparisonSaysSoAndOffersToComputeIt) {
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::workspaceLoaded);
    window.openWorkspace(workspacePath());
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.workbench()->work() == Workbench::Work::Compare; }, test::kWaitMs));
    window.cancelWork();
    QCoreApplication::processEvents();
    SummaryView* summary = window.summaryView();
    ASSERT_TRUE(summary->result());
    EXPECT_FALSE(summary->result()->comparison);
    const QString note = summary->noteLabel()->text();
    EXPECT_EQ(note.indexOf(QStringLiteral("computing")), -1) << note.toStdString();
    EXPECT_NE(note.indexOf(QStringLiteral("cancelled")), -1) << note.toStdString();
    // The link asks for the comparison again, and it arrives.
    Q_EMIT summary->noteLabel()->linkActivated(QStringLiteral("compare"));
    EXPECT_EQ(window.workbench()->work(), Workbench::Work::Compare);
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    EXPECT_TRUE(summary->result()->comparison);
}
