// The analysis views' shared behaviour: a hidden view computes nothing, a
// shown one refreshes once per change, the selection restricts the users
// only while the window restricts views, and the settings handed to the
// core carry that restriction. Plus the selection itself and the chart
// export dialog and file writer.
#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QLineSeries>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/views/analysis_view.h"
#include "ui/views/chart_export_dialog.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

class CountingView : public AnalysisView {
public:
    using AnalysisView::AnalysisView;
    using AnalysisView::analysisSettings;
    int refreshes = 0;
    int clears = 0;
    bool follows = true;

protected:
    void refresh() override {
        ++refreshes;
        finishRefresh();
    }
    void clearView() override { ++clears; }
    bool followsSelection() const override { return follows; }
};

TEST(SelectedUsersTest, KeepsASortedSetAndSignalsRealChangesOnly) {
    SelectedUsers selection;
    QSignalSpy changed(&selection, &SelectedUsers::changed);
    selection.setUsers({7, 3, 7, 1}, QStringLiteral("table"));
    EXPECT_EQ(*selection.users(), (std::vector<UserId>{1, 3, 7}));
    EXPECT_EQ(changed.count(), 1);
    selection.setUsers({3, 1, 7});
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(selection.restriction(), nullptr);  // not restricting yet
    selection.setRestricting(true);
    ASSERT_NE(selection.restriction(), nullptr);
    EXPECT_EQ(selection.restriction()->size(), 3u);
    selection.clear();
    EXPECT_EQ(changed.count(), 2);
    EXPECT_FALSE(selection.restrictsViews());  // restricting to nothing shows everyone
    EXPECT_EQ(selection.restriction(), nullptr);
}

TEST(AnalysisViewTest, AHiddenViewWaitsUntilItIsShown) {
    SelectedUsers selection;
    CountingView view(&selection);
    view.setResult(test::exampleComparedResult());
    EXPECT_EQ(view.refreshes, 0);
    EXPECT_TRUE(view.isStale());
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    EXPECT_EQ(view.refreshes, 1);
    EXPECT_FALSE(view.isStale());
    view.hide();
    view.show();
    EXPECT_EQ(view.refreshes, 1);  // nothing changed
    view.setResult(test::exampleComparedResult());
    EXPECT_EQ(view.refreshes, 2);  // shown: at once
    view.setResult(nullptr);
    EXPECT_EQ(view.clears, 1);
    EXPECT_FALSE(view.isStale());
}

TEST(AnalysisViewTest, TheSelectionRestrictsOnlyWhileTheWindowRestricts) {
    SelectedUsers selection;
    CountingView view(&selection);
    view.setResult(test::exampleComparedResult());
    view.refreshNow();
    const int before = view.refreshes;
    EXPECT_EQ(view.analysisSettings().onlyUsers, nullptr);
    EXPECT_TRUE(view.analysisSettings().metrics.empty());
    EXPECT_EQ(view.analysisSettings().ties, test::exampleEvaluation()->settings.ties);

    selection.setUsers({5, 2});
    EXPECT_FALSE(view.isStale());  // not restricting: nothing to redo
    selection.setRestricting(true);
    EXPECT_TRUE(view.isStale());
    view.refreshNow();
    ASSERT_NE(view.analysisSettings().onlyUsers, nullptr);
    EXPECT_EQ(*view.analysisSettings().onlyUsers, (std::vector<UserId>{2, 5}));
    selection.setUsers({9});
    EXPECT_TRUE(view.isStale());
    view.refreshNow();
    EXPECT_EQ(view.refreshes, before + 2);

    CountingView free(&selection);  // a view that ignores the selection
    free.follows = false;
    free.setResult(test::exampleComparedResult());
    free.refreshNow();
    EXPECT_EQ(free.analysisSettings().onlyUsers, nullptr);
    selection.setUsers({1, 4});
    EXPECT_FALSE(free.isStale());
}

std::unique_ptr<QChart> lineChart() {
    auto chart = std::make_unique<QChart>();
    auto* line = new QLineSeries;
    line->append(1, 0.2);
    line->append(2, 0.5);
    line->setName(QStringLiteral("model"));
    chart->addSeries(line);
    chart->createDefaultAxes();
    chart->setTitle(QStringLiteral("A title"));
    return chart;
}

TEST(ChartExportDialogTest, TheExtensionPicksTheFormatAndTheOptionsComeBack) {
    QTemporaryDir dir;
    ChartExportDialog dialog(QStringLiteral("ndcg-curves"), QStringLiteral("ndcg@k · ties: expected"));
    EXPECT_TRUE(dialog.path().endsWith(QStringLiteral("ndcg-curves.png")));
    EXPECT_EQ(dialog.format(), ChartFormat::Png);
    dialog.setPath(dir.filePath(QStringLiteral("c.svg")));
    EXPECT_EQ(dialog.format(), ChartFormat::Svg);
    dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(ChartFormat::Pdf)));
    Q_EMIT dialog.formatBox()->activated(dialog.formatBox()->currentIndex());
    EXPECT_EQ(dialog.path(), dir.filePath(QStringLiteral("c.pdf")));
    dialog.setPixels(QSize(800, 500));
    dialog.setDpi(300);
    EXPECT_EQ(dialog.options().pixels, QSize(800, 500));
    EXPECT_EQ(dialog.options().dpi, 300);
    EXPECT_EQ(dialog.options().caption, QStringLiteral("ndcg@k · ties: expected"));
    dialog.setCaptionShown(false);
    EXPECT_TRUE(dialog.options().caption.isEmpty());
}

TEST(ChartExportDialogTest, WriteChartFileWritesAValidFileOrSaysWhyNot) {
    QTemporaryDir dir;
    QString error;
    EXPECT_FALSE(writeChartFile(nullptr, dir.filePath("none.svg"), ChartFormat::Svg, {}, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(QFile::exists(dir.filePath("none.svg")));

    ChartExportOptions options;
    options.caption = QStringLiteral("ndcg@k · 3,000 users");
    ASSERT_TRUE(writeChartFile(lineChart(), dir.filePath("c.svg"), ChartFormat::Svg, options, &error))
        << error.toStdString();
    QSvgRenderer svg(dir.filePath("c.svg"));
    EXPECT_TRUE(svg.isValid());
    QFile file(dir.filePath("c.svg"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().contains("3,000 users"));

    EXPECT_FALSE(writeChartFile(lineChart(), dir.filePath("missing/folder/c.png"), ChartFormat::Png, options, &error));
    EXPECT_FALSE(error.isEmpty());
}

} // namespace
} // namespace ranklab::ui
