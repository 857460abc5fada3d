// What the analyst was looking at is part of the workspace: the Summary's
// cell display and orientation, the plot open under its table, and the metric column of the Per user,
// Cohorts and Checks tabs (one choice, followed by every tab).
#include <QComboBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include "ui/main_window.h"
#include "ui/summary/critical_difference_pane.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"
#include "ui/views/checks_view.h"
#include "ui/views/cohorts_view.h"
#include "ui/views/per_user_view.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

// Shows `view`'s tab and waits until it shows the newest result.
bool showSettled(MainWindow& window, AnalysisView* view) {
    QSignalSpy refreshed(view, &AnalysisView::refreshed);
    window.findChild<QTabWidget*>()->setCurrentWidget(view);
    return (!view->isStale() || QTest::qWaitFor([&] { return !refreshed.isEmpty(); }, test::kWaitMs)) &&
           test::waitIdle(*window.workbench());
}

// Chooses `id` in `box` as a click would (activated, not only the index).
void choose(QComboBox* box, const QString& id) {
    const int i = box->findText(id);
    ASSERT_GE(i, 0) << id.toStdString();
    box->setCurrentIndex(i);
    Q_EMIT box->activated(i);
}

bool save(MainWindow& window, const QString& path) {
    QString error;
    const bool ok = window.workbench()->save(path, &error);
    EXPECT_TRUE(ok) << error.toStdString();
    return ok;
}

} // namespace

TEST(WorkspaceViewTest, TheSummaryDisplayAndOrientationAreSavedAndRestored) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("layout.ranklab"));
    {
        MainWindow window;
        window.show();
        ASSERT_TRUE(test::openCompared(window, test::foundationWorkspace()));
        SummaryToolBar* bar = window.summaryView()->toolBar();
        EXPECT_FALSE(window.isWindowModified());
        bar->displayBox()->setCurrentIndex(bar->displayBox()->findData(int(CellDisplay::DeltaPercent)));
        EXPECT_TRUE(window.isWindowModified());
        bar->transposeButton()->setChecked(true);
        ASSERT_TRUE(window.workspace().comparison);
        EXPECT_EQ(window.workspace().comparison->display, "delta_percent");
        EXPECT_TRUE(window.workspace().comparison->transposed);
        ASSERT_TRUE(save(window, path));
    }
    MainWindow reopened;
    reopened.show();
    ASSERT_TRUE(test::openCompared(reopened, path));
    SummaryToolBar* bar = reopened.summaryView()->toolBar();
    EXPECT_EQ(bar->display(), CellDisplay::DeltaPercent);
    EXPECT_TRUE(bar->isTransposed());
    EXPECT_FALSE(reopened.isWindowModified());
}

TEST(WorkspaceViewTest, TheSummarysOpenPlotTabIsSavedAndRestored) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plot.ranklab"));
    {
        MainWindow window;
        window.show();
        ASSERT_TRUE(test::openCompared(window, test::foundationWorkspace()));
        SummaryView* summary = window.summaryView();
        EXPECT_EQ(summary->plotTabs()->currentWidget(), summary->forestPane());
        EXPECT_FALSE(window.isWindowModified());
        summary->plotTabs()->setCurrentWidget(summary->criticalDifferencePane());
        EXPECT_EQ(window.workspace().view.summaryPlot, "cd");
        EXPECT_TRUE(window.isWindowModified());
        ASSERT_TRUE(save(window, path));
    }
    {
        MainWindow reopened;
        reopened.show();
        ASSERT_TRUE(test::openCompared(reopened, path));
        SummaryView* summary = reopened.summaryView();
        EXPECT_EQ(summary->plotTabs()->currentWidget(), summary->criticalDifferencePane());
        EXPECT_FALSE(reopened.isWindowModified());
        // Back to the forest plot: the default again, saved as such.
        summary->plotTabs()->setCurrentWidget(summary->forestPane());
        EXPECT_EQ(reopened.workspace().view.summaryPlot, "");
        EXPECT_TRUE(reopened.isWindowModified());
        ASSERT_TRUE(save(reopened, path));
    }
    MainWindow again;
    again.show();
    ASSERT_TRUE(test::openCompared(again, path));
    EXPECT_EQ(again.summaryView()->plotTabs()->currentWidget(), again.summaryView()->forestPane());
}

TEST(WorkspaceViewTest, AMetricChosenInOneTabIsEveryTabsAndIsSaved) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("metric.ranklab"));
    {
        MainWindow window;
        window.show();
        ASSERT_TRUE(test::openCompared(window, test::foundationWorkspace()));
        auto* perUser = window.analysisView<PerUserView>();
        ASSERT_TRUE(showSettled(window, perUser));
        // The default is the largest cutoff ≤ 20 (the workspace's cutoffs are 10 and 100).
        EXPECT_EQ(perUser->metricBox()->currentText(), QStringLiteral("ndcg@10"));
        EXPECT_TRUE(window.workspace().view.metric.empty());

        choose(perUser->metricBox(), QStringLiteral("recall@100"));
        EXPECT_EQ(window.workspace().view.metric, "recall@100");
        EXPECT_TRUE(window.isWindowModified());

        auto* cohorts = window.analysisView<CohortsView>();
        ASSERT_TRUE(showSettled(window, cohorts));
        EXPECT_EQ(cohorts->metricBox()->currentText(), QStringLiteral("recall@100"));
        EXPECT_EQ(cohorts->metricColumn(), std::size_t(cohorts->metricBox()->currentData().toInt()));

        // A choice in Checks goes back to Per user.
        auto* checks = window.analysisView<ChecksView>();
        ASSERT_TRUE(showSettled(window, checks));
        EXPECT_EQ(checks->metricBox()->currentText(), QStringLiteral("recall@100"));
        choose(checks->metricBox(), QStringLiteral("ap@10"));
        EXPECT_EQ(perUser->metricBox()->currentText(), QStringLiteral("ap@10"));
        EXPECT_TRUE(perUser->isStale());  // hidden: it recomputes when shown
        ASSERT_TRUE(save(window, path));
    }
    MainWindow reopened;
    reopened.show();
    ASSERT_TRUE(test::openCompared(reopened, path));
    EXPECT_EQ(reopened.workspace().view.metric, "ap@10");
    auto* perUser = reopened.analysisView<PerUserView>();
    ASSERT_TRUE(showSettled(reopened, perUser));
    EXPECT_EQ(perUser->metricBox()->currentText(), QStringLiteral("ap@10"));
    EXPECT_FALSE(reopened.isWindowModified());
}

TEST(WorkspaceViewTest, ASavedMetricTheEvaluationLacksFallsBackToTheDefault) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gone.ranklab"));
    {
        MainWindow window;
        window.show();
        ASSERT_TRUE(test::openCompared(window, test::foundationWorkspace()));
        window.workbench()->setFocusMetric("precision@5");  // not among the evaluation's columns
        ASSERT_TRUE(save(window, path));
    }
    MainWindow reopened;
    reopened.show();
    ASSERT_TRUE(test::openCompared(reopened, path));
    auto* perUser = reopened.analysisView<PerUserView>();
    ASSERT_TRUE(showSettled(reopened, perUser));
    EXPECT_EQ(perUser->metricBox()->currentText(), QStringLiteral("ndcg@10"));
    // Kept for when the evaluation has it again.
    EXPECT_EQ(reopened.workspace().view.metric, "precision@5");
}
