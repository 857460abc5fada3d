// The critical-difference diagram under the Summary: its labels carry the
// average ranks recomputed here by brute force (each model's rank within a
// user = 1 + the models above it + half the models tied with it), its leader
// lines start at those ranks on the axis, the CD bar is CD ranks long and the
// clique bars span their members; in the view, the tab computes the diagram
// in the background, follows a click on the table, leaves hidden models out;
// the Export menu's entry waits for a diagram not drawn yet, then exports it;
// and the main window at 1366 × 768 shows it (RANKLAB_SCREENSHOT_DIR keeps
// summary-cd.png).
#include "ui/charts/critical_difference_chart.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QMenu>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

#include "ui/summary_fixture.h"
#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/views/chart_export_dialog.h"
#include "ui/summary/critical_difference_pane.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"
#include "ui/views/chart_panel.h"
#include "ui/window_screenshot.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

std::vector<double> bruteForceAverageRanks(const Evaluation& e, std::size_t metric) {
    const std::size_t k = e.models.size();
    std::vector<double> ranks(k, 0.0);
    for (std::size_t u = 0; u < e.users.size(); ++u)
        for (std::size_t j = 0; j < k; ++j) {
            double r = 1;
            for (std::size_t o = 0; o < k; ++o) {
                if (o == j) continue;
                if (e.value(o, u, metric) > e.value(j, u, metric)) r += 1;
                if (e.value(o, u, metric) == e.value(j, u, metric)) r += 0.5;
            }
            ranks[j] += r;
        }
    for (double& r : ranks) r /= double(e.users.size());
    return ranks;
}

bool waitForChart(CriticalDifferencePane* pane) {
    return QTest::qWaitFor([&] { return pane->chart() != nullptr && !pane->jobs()->isBusy(); }, test::kWaitMs);
}

} // namespace

TEST(SummaryCriticalDifferenceTest, ItemsSitAtTheBruteForceAverageRanks) {
    const auto result = test::exampleComparedResult();
    const Evaluation& e = *result->evaluation;
    const std::size_t metric = e.metricIndex("ndcg@10");
    const std::vector<double> ranks = bruteForceAverageRanks(e, metric);
    CriticalDifferenceChart chart(stats::criticalDifference(e, metric), QStringLiteral("ndcg@10"), result->models);
    QGraphicsScene scene;
    scene.addItem(&chart);
    chart.resize(900, 300);
    const auto& d = chart.diagram();
    ASSERT_EQ(d.k, 3u);
    const double perRank = chart.rankX(2.0) - chart.rankX(1.0);
    ASSERT_GT(perRank, 50);
    for (std::size_t p = 0; p < d.k; ++p) {
        EXPECT_NEAR(d.averageRanks[p], ranks[p], 1e-12);
        const QString expected =
            QStringLiteral("%1 (%2)").arg(result->models[qsizetype(p)].name).arg(ranks[p], 0, 'f', 2);
        EXPECT_EQ(chart.label(p)->text(), expected);
        // The leader starts on the axis at the model's rank and ends at its label.
        const QPainterPath path = chart.leader(p)->path();
        ASSERT_EQ(path.elementCount(), 3);
        EXPECT_NEAR(path.elementAt(0).x, chart.rankX(ranks[p]), 1e-9);
        EXPECT_NEAR(path.elementAt(0).y, chart.axisLine()->line().y1(), 1e-9);
        const QRectF label = chart.label(p)->sceneBoundingRect();
        EXPECT_NEAR(label.center().y(), path.elementAt(2).y, 2.0);
        EXPECT_TRUE(chart.rect().contains(label)) << expected.toStdString();
    }
    // The best model's label on the left of the axis, the worst's on the right.
    EXPECT_LT(chart.label(d.order.front())->sceneBoundingRect().right(), chart.rankX(1.0));
    EXPECT_GT(chart.label(d.order.back())->sceneBoundingRect().left(), chart.rankX(3.0));
    // The axis runs 1..3, numbered at its ticks; the CD bar is CD ranks long.
    ASSERT_EQ(chart.tickLabels().size(), 3u);
    for (int r = 1; r <= 3; ++r) {
        EXPECT_EQ(chart.tickLabels()[std::size_t(r - 1)]->text(), QString::number(r));
        EXPECT_NEAR(chart.tickLabels()[std::size_t(r - 1)]->sceneBoundingRect().center().x(), chart.rankX(r), 1.0);
    }
    EXPECT_NEAR(chart.axisLine()->line().length(), 2 * perRank, 1e-9);
    EXPECT_NEAR(chart.cdBar()->line().length(), d.criticalDifference * perRank, 1e-9);
    EXPECT_EQ(chart.cdLabel()->text(), QStringLiteral("CD = %1").arg(d.criticalDifference, 0, 'f', 2));
    // Every clique bar spans its members' ranks (5 px beyond each end).
    ASSERT_EQ(chart.cliqueBars().size(), d.cliques.size());
    for (std::size_t c = 0; c < d.cliques.size(); ++c) {
        const QLineF bar = chart.cliqueBars()[c]->line();
        EXPECT_NEAR(bar.x1(), chart.rankX(ranks[d.cliques[c].front()]) - 5, 1e-9);
        EXPECT_NEAR(bar.x2(), chart.rankX(ranks[d.cliques[c].back()]) + 5, 1e-9);
    }
    scene.removeItem(&chart);
}

TEST(SummaryCriticalDifferenceTest, CliqueBarsJoinOnlyModelsCloserThanCd) {
    // Hand-made diagram: ranks 1.0, 1.5, 2.9 with CD 1.0 → one bar over the first two.
    stats::CriticalDifference d;
    d.n = 10;
    d.k = 3;
    d.models = {0, 1, 2};
    d.averageRanks = {1.5, 1.0, 2.9};
    d.order = {1, 0, 2};
    d.criticalDifference = 1.0;
    d.cliques = stats::nemenyiCliques(d.averageRanks, d.criticalDifference);
    const QList<ModelLook> looks{{QStringLiteral("a"), Qt::red, true},
                                 {QStringLiteral("b"), Qt::blue, true},
                                 {QStringLiteral("c"), Qt::green, true}};
    CriticalDifferenceChart chart(d, QStringLiteral("m"), looks);
    chart.resize(600, 240);
    ASSERT_EQ(chart.cliqueBars().size(), 1u);
    const QLineF bar = chart.cliqueBars()[0]->line();
    EXPECT_NEAR(bar.x1(), chart.rankX(1.0) - 5, 1e-9);
    EXPECT_NEAR(bar.x2(), chart.rankX(1.5) + 5, 1e-9);
    EXPECT_EQ(chart.label(1)->text(), QStringLiteral("b (1.00)"));
}

TEST(SummaryCriticalDifferenceTest, TheTabComputesInTheBackgroundFollowsClicksAndHiddenModels) {
    SummaryView view;
    ASSERT_TRUE(test::showExampleComparison(view, 1300, 760));
    CriticalDifferencePane* pane = view.criticalDifferencePane();
    EXPECT_TRUE(pane->isStale());  // not computed while its tab is hidden
    EXPECT_EQ(pane->chart(), nullptr);
    view.plotTabs()->setCurrentWidget(pane);
    ASSERT_TRUE(waitForChart(pane));
    EXPECT_LE(view.minimumSizeHint().width(), 640);  // the tab's hint never widens the Summary
    const Evaluation& e = *test::exampleEvaluation();
    ASSERT_TRUE(pane->metric());
    EXPECT_EQ(e.settings.metrics[*pane->metric()].id(), "ndcg@10");  // the forest plot's default column
    EXPECT_EQ(pane->chart()->diagram().averageRanks, bruteForceAverageRanks(e, e.metricIndex("ndcg@10")));
    EXPECT_DOUBLE_EQ(pane->chart()->diagram().alpha, 0.05);

    // Another column chosen: computed again.
    pane->setMetric(e.metricIndex("hr@5"));
    ASSERT_TRUE(waitForChart(pane));
    ASSERT_TRUE(pane->chart());
    EXPECT_EQ(pane->chart()->diagram().averageRanks, bruteForceAverageRanks(e, e.metricIndex("hr@5")));

    // A hidden model is left out of the ranking; one model left: a placeholder.
    auto hidden = test::exampleResult(test::exampleOptions(), 2);
    hidden->models[0].visible = false;
    view.setResult(hidden);
    ASSERT_TRUE(waitForChart(pane));
    EXPECT_EQ(pane->chart()->diagram().models, (std::vector<std::size_t>{1, 2}));
    auto single = test::exampleResult(test::exampleOptions(), 3);
    single->models[0].visible = false;
    single->models[1].visible = false;
    view.setResult(single);
    EXPECT_EQ(pane->chart(), nullptr);
    EXPECT_NE(pane->chartPanel()->placeholder().indexOf(QStringLiteral("two models")), -1);
}

TEST(SummaryCriticalDifferenceTest, TheExportMenuWaitsForADiagramNotDrawnYetThenExportsIt) {
    SummaryView view;
    ASSERT_TRUE(test::showExampleComparison(view, 1300, 760));
    CriticalDifferencePane* pane = view.criticalDifferencePane();
    ASSERT_EQ(pane->chart(), nullptr);  // the forest plot's tab is open: nothing computed
    QAction* action = nullptr;
    for (QAction* a : view.exportButton()->menu()->actions())
        if (a->text().contains(QStringLiteral("critical-&difference"))) action = a;
    ASSERT_NE(action, nullptr);

    // The export dialog, when it opens, is filled in and accepted.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cd.svg"));
    bool dialogSawChart = false;
    QTimer filler;
    QObject::connect(&filler, &QTimer::timeout, [&] {
        auto* dialog = qobject_cast<ChartExportDialog*>(QApplication::activeModalWidget());
        if (!dialog) return;
        dialogSawChart = pane->chart() != nullptr;
        dialog->setPath(path);
        dialog->accept();
    });
    filler.start(20);
    action->trigger();
    EXPECT_TRUE(pane->isExportPending() || QFile::exists(path)) << "the export waits for the computation";
    ASSERT_TRUE(QTest::qWaitFor([&] { return QFile::exists(path); }, test::kWaitMs));
    filler.stop();
    EXPECT_TRUE(dialogSawChart);
    EXPECT_FALSE(pane->isExportPending());
    EXPECT_EQ(view.plotTabs()->currentWidget(), pane);

    // The file is the diagram of the view's column: the brute-force ranks and
    // Demšar's q_0.05 for k = 3 (2.3437…, the studentized range's 95% point at
    // infinite df over √2) times √(k (k + 1) / 6n).
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(file.readAll());
    const Evaluation& e = *test::exampleEvaluation();
    ASSERT_TRUE(pane->metric());
    ASSERT_EQ(e.models.size(), 3u);
    const std::vector<double> ranks = bruteForceAverageRanks(e, *pane->metric());
    const double n = double(e.users.size());
    const double cd = 2.343700586378409 * std::sqrt(3.0 * 4.0 / (6.0 * n));
    EXPECT_TRUE(svg.contains(QStringLiteral("CD = %1").arg(cd, 0, 'f', 2))) << cd;
    const auto result = test::exampleComparedResult();
    for (std::size_t m = 0; m < ranks.size(); ++m) {
        const QString label = QStringLiteral("%1 (%2)").arg(result->models[qsizetype(m)].name).arg(ranks[m], 0, 'f', 2);
        EXPECT_TRUE(svg.contains(label)) << label.toStdString();
    }
}

TEST(SummaryCriticalDifferenceTest, TheMainWindowShowsTheDiagramAt1366x768) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleDir() + QStringLiteral("/example.ranklab")));
    SummaryView* summary = window.summaryView();
    summary->plotTabs()->setCurrentWidget(summary->criticalDifferencePane());
    CriticalDifferencePane* pane = summary->criticalDifferencePane();
    ASSERT_TRUE(waitForChart(pane));
    CriticalDifferenceChart* chart = pane->chart();
    // Every label inside the chart as shown, none overlapping another.
    const QRectF shown = chart->rect();
    EXPECT_GE(pane->chartPanel()->height(), 150);
    for (std::size_t p = 0; p < chart->diagram().k; ++p) {
        const QRectF a = chart->label(p)->sceneBoundingRect();
        EXPECT_TRUE(shown.contains(a)) << p;
        for (std::size_t q = p + 1; q < chart->diagram().k; ++q)
            EXPECT_FALSE(a.intersects(chart->label(q)->sceneBoundingRect())) << p << " " << q;
    }
    if (const QString dir = qEnvironmentVariable("RANKLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(300);
        EXPECT_TRUE(saveScreenshot(window, dir + QStringLiteral("/summary-cd.png")));
    }
}
