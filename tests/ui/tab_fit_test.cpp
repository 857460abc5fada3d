// At 1366 x 768 (a laptop) on the 3-model example workspace, no tab clips a
// table: every visible table's columns fit its viewport, or it has a
// horizontal scroll bar that works (shown, with a range), and it shows at
// least one row when it has some. The User tab shows the three models' lists
// whole and at least 20 rows of them without scrolling.
// RANKLAB_SCREENSHOT_DIR=/some/dir keeps a picture of each tab
// (fit-<tab>.png) for people to look at.
#include <QAbstractItemView>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/views/analysis_view.h"
#include "ui/views/user_view.h"
#include "ui/window_screenshot.h"
#include "ui/workbench.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

bool settle(MainWindow& window) {
    const bool idle = QTest::qWaitFor(
        [&] {
            if (window.workbench()->jobs()->isBusy()) return false;
            for (AnalysisView* v : window.analysisViews())
                if (v->jobs()->isBusy() || (v->isVisible() && v->isStale())) return false;
            return true;
        },
        test::kWaitMs);
    QTest::qWait(50);  // layouts settle
    return idle;
}

// Why `table` clips, or empty.
std::string clipped(QTableView* table) {
    const int columns = table->horizontalHeader()->length();
    const int room = table->viewport()->width();
    const QScrollBar* bar = table->horizontalScrollBar();
    std::string why;
    if (columns > room && !(bar->isVisible() && bar->maximum() > 0 &&
                            table->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff))
        why += "columns need " + std::to_string(columns) + " px, the viewport has " + std::to_string(room) +
               " and no horizontal scroll bar; ";
    const int rowHeight = table->verticalHeader()->defaultSectionSize();
    if (table->model() && table->model()->rowCount() > 0 && table->viewport()->height() < rowHeight)
        why += "not one row shows (viewport " + std::to_string(table->viewport()->height()) + " px high); ";
    return why;
}

} // namespace

TEST(TabFitTest, NoTabClipsATableAt1366x768) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::openCompared(window, test::exampleWorkspace()));
    ASSERT_EQ(window.workbench()->result()->models.size(), 3);
    for (int i = 0; i < window.tabs()->count(); ++i) {
        window.tabs()->setCurrentIndex(i);
        ASSERT_TRUE(settle(window));
        ASSERT_EQ(window.size(), QSize(1366, 768));
        const std::string tab = window.tabs()->tabText(i).toStdString();
        int tables = 0;
        for (QTableView* table : window.tabs()->widget(i)->findChildren<QTableView*>()) {
            if (!table->isVisible()) continue;
            ++tables;
            const std::string name = table->objectName().isEmpty() ? table->metaObject()->className()
                                                                   : table->objectName().toStdString();
            // A table's columns and scroll bars follow its model a few events late.
            (void)QTest::qWaitFor([&] { return clipped(table).empty(); }, 2000);
            EXPECT_EQ(clipped(table), "") << "the " << tab << " tab's table " << name;
        }
        std::printf("tab %-18s %d visible tables\n", tab.c_str(), tables);
        if (const QString dir = qEnvironmentVariable("RANKLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QString name = window.tabs()->tabText(i).toLower().replace(QLatin1Char(' '), QLatin1Char('-'));
            EXPECT_TRUE(saveScreenshot(window, QStringLiteral("%1/fit-%2.png").arg(dir, name)));
        }
    }
}

TEST(TabFitTest, TheUserTabShowsThreeModelsAndTwentyRowsAt1366x768) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::openCompared(window, test::exampleWorkspace()));
    UserView* user = nullptr;
    for (AnalysisView* v : window.analysisViews())
        if (auto* u = qobject_cast<UserView*>(v)) user = u;
    ASSERT_TRUE(user);
    window.tabs()->setCurrentWidget(user);
    ASSERT_TRUE(settle(window));
    QTableWidget* lists = user->listsTable();
    ASSERT_EQ(lists->columnCount(), 9);  // rank, item, score of each of the three models
    ASSERT_GE(lists->rowCount(), 20);
    // Every column inside the viewport: no model scrolled away.
    const int right = lists->horizontalHeader()->sectionViewportPosition(8) + lists->horizontalHeader()->sectionSize(8);
    EXPECT_LE(right, lists->viewport()->width()) << "the third model's score column ends at " << right << " px";
    EXPECT_LE(lists->horizontalHeader()->length(), lists->viewport()->width());
    // Row 20 wholly inside the viewport.
    const QRect row20 = lists->visualRect(lists->model()->index(19, 0));
    EXPECT_GE(row20.top(), 0);
    EXPECT_LE(row20.bottom(), lists->viewport()->height())
        << "the viewport is " << lists->viewport()->height() << " px high, rows " << lists->rowHeight(0) << " px";
}
