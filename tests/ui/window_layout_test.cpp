// The window fits an ordinary laptop screen: its minimum size is at most
// 1200 x 700 with a workspace loaded, on every tab, and at 1366 x 768 the
// models list shows at least three rows.
#include <QHeaderView>
#include <QLineEdit>
#include <QLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "ui/data_panel.h"
#include "ui/evaluation_panel.h"
#include "ui/job_tracker.h"
#include "ui/views/analysis_view.h"
#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

// Waits until the current tab's own background work is done.
void settle(MainWindow& window) {
    (void)QTest::qWaitFor(
        [&] {
            for (AnalysisView* v : window.analysisViews())
                if (v->jobs()->isBusy()) return false;
            return true;
        },
        test::kWaitMs);
    QTest::qWait(50);
}

} // namespace

// What the window adds around the widest tab page: the workspace column,
// frames and margins. The column scrolls, so the height is the window's own.
constexpr int kChromeWidth = 310;
// The widest a tab page's minimum may be for the window to fit 1200 px.
constexpr int kPageBudget = 1200 - kChromeWidth;

TEST(WindowLayoutTest, TheWindowAddsOnlyTheWorkspaceColumnToTheWidestTab) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    int widestPage = 0;
    for (int i = 0; i < window.tabs()->count(); ++i) {
        const QSize page = window.tabs()->widget(i)->minimumSizeHint();
        std::printf("tab %-18s page minimum %4d x %4d\n", qPrintable(window.tabs()->tabText(i)), page.width(),
                    page.height());
        widestPage = std::max(widestPage, page.width());
    }
    for (QWidget* panel : {static_cast<QWidget*>(window.dataPanel()), static_cast<QWidget*>(window.evaluationPanel())})
        std::printf("%-18s minimum %4d x %4d\n", panel->metaObject()->className(), panel->minimumSizeHint().width(),
                    panel->minimumSizeHint().height());
    EXPECT_LE(window.minimumSizeHint().width(), widestPage + kChromeWidth);
    EXPECT_LE(window.minimumSizeHint().height(), 700);
    EXPECT_LE(window.layout()->minimumSize().height(), 700);
}

TEST(WindowLayoutTest, TheMinimumSizeFitsA1366x768ScreenOnEveryTab) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    for (int i = 0; i < window.tabs()->count(); ++i) {
        window.tabs()->setCurrentIndex(i);
        settle(window);
        const std::string tab = window.tabs()->tabText(i).toStdString();
        // Names the page at fault: its controls must wrap or elide.
        const QSize page = window.tabs()->widget(i)->minimumSizeHint();
        EXPECT_LE(page.width(), kPageBudget) << "the " << tab << " tab's controls force the window's width";
        const QSize hint = window.minimumSizeHint();
        EXPECT_LE(hint.width(), 1200) << tab;
        EXPECT_LE(hint.height(), 700) << tab;
        // The effective minimum: what the layout lets the window shrink to.
        const QSize least = window.layout()->minimumSize();
        EXPECT_LE(least.width(), 1200) << tab;
        EXPECT_LE(least.height(), 700) << tab;
        window.resize(1200, 700);
        QTest::qWait(20);
        EXPECT_EQ(window.size(), QSize(1200, 700)) << tab;
        window.resize(1366, 768);
    }
}

TEST(WindowLayoutTest, AtAWideWindowTheModelsListGivesItsRoomToTheFileNotTheFormat) {
    MainWindow window;
    window.resize(1920, 1080);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    QTest::qWait(50);
    QTableView* table = window.dataPanel()->modelTable();
    const QAbstractItemView* view = table;  // sizeHintForColumn is public here
    QHeaderView* header = table->horizontalHeader();
    // The format column is as wide as its widest text ("trec") or its
    // title, never the room left over; the file column takes that room.
    const int formatNeeds = std::max(view->sizeHintForColumn(ModelListModel::FormatColumn),
                                     header->sectionSizeHint(ModelListModel::FormatColumn));
    EXPECT_LE(header->sectionSize(ModelListModel::FormatColumn), formatNeeds + 2);
    EXPECT_EQ(header->sectionSize(ModelListModel::NameColumn) + header->sectionSize(ModelListModel::FileColumn) +
                  header->sectionSize(ModelListModel::FormatColumn),
              table->viewport()->width());
    EXPECT_GE(header->sectionSize(ModelListModel::FileColumn), view->sizeHintForColumn(ModelListModel::FileColumn));
}

TEST(WindowLayoutTest, TheModelsListShowsAtLeastThreeRowsAt1366x768) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    QTest::qWait(50);
    QTableView* table = window.dataPanel()->modelTable();
    ASSERT_GE(table->model()->rowCount(), 3);
    const int rowHeight = table->verticalHeader()->defaultSectionSize();
    EXPECT_GE(table->viewport()->height(), 3 * rowHeight);
    // The three rows are inside the viewport, not scrolled away or cut.
    EXPECT_LE(table->visualRect(table->model()->index(2, 0)).bottom(), table->viewport()->height());
    EXPECT_TRUE(table->isVisible());
}

TEST(WindowLayoutTest, TheEvaluationPanelScrollsInsteadOfSettingTheWindowHeight) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("workspaceScroll"));
    ASSERT_TRUE(scroll);
    window.resize(1200, 600);
    QTest::qWait(50);
    // The evaluation panel needs more than its share of the column here: it
    // scrolls, and the data panel above keeps its whole height.
    EXPECT_GT(scroll->widget()->minimumSizeHint().height(), scroll->viewport()->height());
    EXPECT_TRUE(scroll->verticalScrollBar()->isVisible());
    EXPECT_GE(window.dataPanel()->height(), window.dataPanel()->minimumSizeHint().height());
}

TEST(WindowLayoutTest, TheCutoffsAreAboveTheFoldOfTheLeftColumnAt1366x768) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    QTest::qWait(50);
    auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("workspaceScroll"));
    ASSERT_TRUE(scroll);
    scroll->verticalScrollBar()->setValue(0);
    QWidget* cutoffs = window.evaluationPanel()->cutoffEdit();
    // Where the cutoff field is in the scroll area's viewport, unscrolled: wholly inside it.
    const QPoint top = cutoffs->mapTo(scroll->viewport(), QPoint(0, 0));
    EXPECT_GE(top.y(), 0);
    EXPECT_LE(top.y() + cutoffs->height(), scroll->viewport()->height())
        << "the cutoffs are below the fold (viewport " << scroll->viewport()->height() << " px)";
}
