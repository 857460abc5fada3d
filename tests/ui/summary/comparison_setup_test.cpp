// The Summary's comparison set-up (baseline, test, correction, alpha,
// interval) is saved in the workspace and restored when it opens; the
// baseline follows its model when models are removed.
#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/main_window.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"
#include "ui/ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

// A set-up unlike the defaults: bm25 as baseline, Wilcoxon, Bonferroni, 0.01, bootstrap intervals.
QString savedWithSetUp(const QTemporaryDir& dir) {
    Workbench bench;
    if (!test::openCompared(bench, test::foundationWorkspace())) return {};
    stats::ComparisonOptions options = bench.comparisonOptions();
    options.baseline = 1;
    options.tests = {stats::SignificanceTest::Wilcoxon};
    options.correction = stats::Correction::Bonferroni;
    options.alpha = 0.01;
    bench.compare(options);
    bench.setInterval("bootstrap");
    EXPECT_TRUE(bench.isModified());
    test::waitIdle(bench);
    const QString path = dir.filePath(QStringLiteral("setup.ranklab"));
    QString error;
    EXPECT_TRUE(bench.save(path, &error)) << error.toStdString();
    return path;
}

} // namespace

TEST(ComparisonSetupTest, TheSetUpIsSavedAndRestoredOnOpen) {
    QTemporaryDir dir;
    const QString path = savedWithSetUp(dir);
    ASSERT_FALSE(path.isEmpty());
    Workbench reopened;
    ASSERT_TRUE(test::openCompared(reopened, path));
    const stats::ComparisonOptions& o = reopened.result()->comparison->options;
    EXPECT_EQ(o.baseline, std::optional<std::size_t>(1));
    ASSERT_FALSE(o.tests.empty());
    EXPECT_EQ(o.tests.front(), stats::SignificanceTest::Wilcoxon);
    EXPECT_EQ(o.correction, stats::Correction::Bonferroni);
    EXPECT_EQ(o.alpha, 0.01);
    EXPECT_EQ(reopened.interval(), "bootstrap");
    EXPECT_FALSE(reopened.isModified());
}

TEST(ComparisonSetupTest, TheSummaryToolbarShowsTheRestoredSetUp) {
    QTemporaryDir dir;
    const QString path = savedWithSetUp(dir);
    ASSERT_FALSE(path.isEmpty());
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, path));
    SummaryToolBar* bar = window.summaryView()->toolBar();
    EXPECT_EQ(bar->baselineBox()->currentText(), QStringLiteral("bm25"));
    EXPECT_EQ(stats::SignificanceTest(bar->testBox()->currentData().toInt()), stats::SignificanceTest::Wilcoxon);
    EXPECT_EQ(stats::Correction(bar->correctionBox()->currentData().toInt()), stats::Correction::Bonferroni);
    EXPECT_EQ(bar->alphaBox()->currentData().toDouble(), 0.01);
    EXPECT_EQ(bar->ciKind(), CiKind::Bootstrap);
    EXPECT_FALSE(window.isWindowModified());

    // A choice in the toolbar marks the workspace changed and is kept in it.
    bar->ciBox()->setCurrentIndex(bar->ciBox()->findData(int(CiKind::None)));
    EXPECT_TRUE(window.isWindowModified());
    ASSERT_TRUE(window.workspace().comparison);
    EXPECT_EQ(window.workspace().comparison->interval, "none");
}

TEST(ComparisonSetupTest, TheBaselineFollowsItsModelWhenAnotherIsRemoved) {
    Workbench bench;
    ASSERT_TRUE(test::openCompared(bench, test::foundationWorkspace()));
    stats::ComparisonOptions options = bench.comparisonOptions();
    options.baseline = 1;  // bm25
    bench.compare(options);
    ASSERT_TRUE(test::waitIdle(bench));
    Workspace next = bench.workspace();
    next.models.erase(next.models.begin());  // toprank goes; bm25 is now first
    WorkspaceModel again;
    again.path = RANKLAB_TEST_DATA "/ui/toprank.run";
    next.models.push_back(again);  // and comes back last
    bench.edit(next);
    ASSERT_TRUE(test::waitIdle(bench));
    ASSERT_TRUE(bench.result() && bench.result()->comparison);
    EXPECT_EQ(bench.result()->comparison->options.baseline, std::optional<std::size_t>(0));
    EXPECT_EQ(bench.result()->comparison->models[0], "bm25");
}
