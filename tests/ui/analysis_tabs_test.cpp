// The analysis tabs in the window: all six in the issue's order beside the
// Summary, each computing when shown on the example workspace and exporting
// a valid PNG, SVG and PDF of its chart with the caption; the selection
// restricting the views that follow it (and its status); a new workspace
// clearing the selection; File → Export Chart and Cancel wired to the views.
#include <QAction>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/views/chart_export_dialog.h"
#include "ui/views/per_user_view.h"
#include "ui/views/selected_users.h"
#include "ui/views/user_view.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

constexpr int kTimeoutMs = 120000;

// Shows `view`'s tab and waits until it shows the newest inputs.
bool showAndSettle(MainWindow& window, AnalysisView* view) {
    window.tabs()->setCurrentWidget(view);
    return QTest::qWaitFor([&] { return !view->isStale() && !view->jobs()->isBusy(); }, kTimeoutMs);
}

int pdfPages(const QByteArray& pdf) {
    int pages = 0;
    for (qsizetype at = pdf.indexOf("/Type /Page"); at >= 0; at = pdf.indexOf("/Type /Page", at + 1))
        if (pdf.mid(at + 11, 1) != "s") ++pages;
    return pages;
}

class AnalysisTabsTest : public ::testing::Test {
protected:
    void SetUp() override {
        window_.show();
        ASSERT_TRUE(test::openCompared(window_, test::exampleWorkspace(), kTimeoutMs));
    }
    MainWindow window_;
};

} // namespace

TEST_F(AnalysisTabsTest, SixTabsInTheIssuesOrderBetweenSummaryAndFiles) {
    QStringList titles;
    for (int i = 0; i < window_.tabs()->count(); ++i) titles << window_.tabs()->tabText(i);
    EXPECT_EQ(titles, (QStringList{"Summary", "Curves", "Rank distribution", "Per user", "User", "Cohorts", "Checks",
                                   "Files"}));
    EXPECT_EQ(window_.analysisViews().size(), 6);
}

TEST_F(AnalysisTabsTest, EveryChartExportsAValidPngSvgAndPdfWithItsCaption) {
    QTemporaryDir dir;
    int charts = 0;
    for (AnalysisView* view : window_.analysisViews()) {
        const QString title = window_.tabs()->tabText(window_.tabs()->indexOf(view));
        SCOPED_TRACE(title.toStdString());
        ASSERT_TRUE(showAndSettle(window_, view));
        if (!view->makeExportChart()) continue;  // the User tab shows tables only
        ++charts;
        const QString caption = view->exportCaption();
        EXPECT_THAT(caption.toStdString(), HasSubstr("3,000")) << "the caption names the number of users";
        ChartExportOptions options;
        options.pixels = QSize(900, 600);
        options.dpi = 200;
        options.caption = caption;
        QString error;
        const QString base = dir.filePath(view->exportBaseName());
        ASSERT_TRUE(writeChartFile(view->makeExportChart(), base + ".png", ChartFormat::Png, options, &error))
            << error.toStdString();
        EXPECT_EQ(QImage(base + ".png").size(), QSize(900, 600));
        ASSERT_TRUE(writeChartFile(view->makeExportChart(), base + ".svg", ChartFormat::Svg, options, &error));
        EXPECT_TRUE(QSvgRenderer(base + ".svg").isValid());
        ASSERT_TRUE(writeChartFile(view->makeExportChart(), base + ".pdf", ChartFormat::Pdf, options, &error));
        QFile pdf(base + ".pdf");
        ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        EXPECT_TRUE(bytes.startsWith("%PDF-"));
        EXPECT_EQ(pdfPages(bytes), 1);
    }
    EXPECT_GE(charts, 5);  // Curves, Rank distribution, Per user, Cohorts, Checks
}

TEST_F(AnalysisTabsTest, RestrictingToASelectionReachesTheViewsThatFollowIt) {
    SelectedUsers* selection = window_.selectedUsers();
    EXPECT_FALSE(window_.restrictAction()->isEnabled());  // nothing selected yet
    const auto& users = window_.workbench()->result()->evaluation->users;
    std::vector<UserId> picked(users.begin(), users.begin() + 40);
    selection->setUsers(picked, QStringLiteral("test"));
    EXPECT_TRUE(window_.restrictAction()->isEnabled());
    auto* label = window_.findChild<QLabel*>(QStringLiteral("selectionLabel"));
    ASSERT_NE(label, nullptr);
    EXPECT_EQ(label->text().toStdString(), "40 selected users");

    window_.restrictAction()->trigger();
    EXPECT_TRUE(selection->restrictsViews());
    EXPECT_EQ(label->text().toStdString(), "Views restricted to 40 selected users");
    int restricted = 0;
    for (AnalysisView* view : window_.analysisViews()) {
        ASSERT_TRUE(showAndSettle(window_, view));
        const QString caption = view->exportCaption();
        if (caption.contains(QStringLiteral("40 selected users"))) ++restricted;
    }
    EXPECT_GE(restricted, 3) << "Curves, Rank distribution and Cohorts follow the selection";

    // Another workspace: the old ids mean nothing there.
    ASSERT_TRUE(test::openCompared(window_, test::foundationWorkspace(), kTimeoutMs));
    EXPECT_TRUE(selection->isEmpty());
    EXPECT_FALSE(selection->isRestricting());
    EXPECT_FALSE(window_.restrictAction()->isChecked());
    EXPECT_TRUE(label->isHidden());
}

TEST_F(AnalysisTabsTest, FileMenuHasExportChartAndViewMenuTheRestriction) {
    QStringList file, view;
    for (QAction* m : window_.menuBar()->actions()) {
        if (!m->menu()) continue;
        QStringList& into = m->text().remove('&') == "File" ? file : view;
        if (m->text().remove('&') != "File" && m->text().remove('&') != "View") continue;
        for (QAction* a : m->menu()->actions()) into << a->text().remove('&');
    }
    EXPECT_TRUE(file.contains("Export Chart…"));
    EXPECT_TRUE(view.contains("Restrict Views to Selection"));
    EXPECT_EQ(window_.exportChartAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
}

TEST_F(AnalysisTabsTest, ActivatingAUserInPerUserOpensTheUserTabOnIt) {
    auto* perUser = window_.analysisView<PerUserView>();
    auto* user = window_.analysisView<UserView>();
    ASSERT_NE(perUser, nullptr);
    ASSERT_NE(user, nullptr);
    ASSERT_TRUE(showAndSettle(window_, perUser));
    const UserId chosen = window_.workbench()->result()->evaluation->users[42];
    Q_EMIT perUser->userActivated(chosen);
    EXPECT_EQ(window_.tabs()->currentWidget(), user);
    ASSERT_TRUE(showAndSettle(window_, user));
    EXPECT_EQ(user->currentUser(), chosen);
    EXPECT_EQ(user->userEdit()->text().toStdString(),
              window_.workbench()->dataset()->ids.users.name(chosen));
}
