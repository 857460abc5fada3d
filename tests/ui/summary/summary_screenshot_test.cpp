// The Summary in the main window as the README shows it: the example
// workspace with the cells showing Δ to the baseline, the fills, the frozen
// model column and the forest plot. RANKLAB_SCREENSHOT_DIR=/some/dir keeps
// the picture (summary-delta.png) for people to look at.
#include <QComboBox>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/charts/forest_chart.h"
#include "ui/main_window.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"
#include "ui/window_screenshot.h"

using namespace ranklab;
using namespace ranklab::ui;

TEST(SummaryScreenshotTest, TheWindowShowsDeltasToTheBaselineAndTheForestPlot) {
    MainWindow window;
    window.resize(1520, 920);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleDir() + QStringLiteral("/example.ranklab")));
    SummaryView* summary = window.summaryView();
    QComboBox* baseline = summary->toolBar()->baselineBox();
    baseline->setCurrentIndex(baseline->findText(QStringLiteral("broad")));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    QComboBox* display = summary->toolBar()->displayBox();
    display->setCurrentIndex(display->findData(int(CellDisplay::Delta)));
    QCoreApplication::processEvents();

    const QAbstractItemModel* table = summary->tableView()->model();
    ASSERT_EQ(table->index(1, 0).data().toString(), QStringLiteral("broad (baseline)"));
    for (int c = 1; c < table->columnCount(); ++c) {
        const QString toprank = table->index(0, c).data().toString();
        EXPECT_TRUE(toprank.startsWith(QLatin1Char('+')) || toprank.startsWith(QStringLiteral("−"))) << c;
        EXPECT_FALSE(table->index(1, c).data().toString().startsWith(QLatin1Char('+')));  // the baseline's mean
    }
    ASSERT_NE(summary->forestPane()->chart(), nullptr);
    EXPECT_EQ(summary->forestPane()->chart()->rows().size(), 2u);
    if (const QString dir = qEnvironmentVariable("RANKLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(300);
        EXPECT_TRUE(saveScreenshot(window, dir + QStringLiteral("/summary-delta.png")));
    }
}
