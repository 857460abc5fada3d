// The Summary's layout and set-up: the model column stays in view while 20
// metric columns scroll, transposing shows the same cells with metrics as
// rows, the forest plot takes the space under the table, the toolbar's
// whole set-up round-trips, and the exports follow the cells shown.
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/displayed_table.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/frozen_table_view.h"
#include "ui/summary/summary_export.h"
#include "ui/summary/summary_note.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

// The example data at cutoffs 1, 3, 5, 10, 20: 4 × 5 = 20 metric columns.
std::shared_ptr<EvaluationResult> wideResult() {
    static const std::shared_ptr<const Evaluation> evaluation = [] {
        EvalSettings settings;
        settings.metrics = expandMetrics("ndcg,hr,ap,rr", parseCutoffs("1,3,5,10,20"));
        RankCache cache;
        return std::make_shared<const Evaluation>(evaluate(*test::exampleDataset(), settings, cache));
    }();
    stats::ComparisonOptions options = test::exampleOptions();
    options.bootstrapIntervals = false;
    auto result = test::exampleResult(std::nullopt);
    result->evaluation = evaluation;
    result->comparison = std::make_shared<const stats::Comparison>(stats::compareEvaluation(*evaluation, options));
    return result;
}

} // namespace

TEST(SummaryLayoutTest, TheModelColumnStaysInViewWhenTheMetricsScroll) {
    SummaryView view;
    view.resize(760, 520);
    view.setResult(wideResult());
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    FrozenColumnTableView* table = view.frozenTableView();
    ASSERT_EQ(table->model()->columnCount(), 21);
    QScrollBar* bar = table->horizontalScrollBar();
    ASSERT_GT(bar->maximum(), 0) << "20 columns must not fit in 760 px";
    bar->setValue(bar->maximum());
    QCoreApplication::processEvents();
    EXPECT_LT(table->columnViewportPosition(0), 0);  // the table's own model column scrolled away

    QTableView* frozen = table->frozenView();
    ASSERT_TRUE(frozen->isVisible());
    EXPECT_LE(frozen->geometry().left(), table->frameWidth());
    EXPECT_EQ(frozen->width(), table->columnWidth(0));
    EXPECT_GE(frozen->height(), table->viewport()->height());
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        const QPoint inside(4, frozen->rowViewportPosition(r) + frozen->rowHeight(r) / 2);
        const QModelIndex shown = frozen->indexAt(inside);
        EXPECT_EQ(shown.column(), 0);
        EXPECT_EQ(shown.data().toString(), table->model()->index(r, 0).data().toString());
    }
    // The overlay is what is painted at the left edge: the same name, not a metric cell.
    const QPoint leftEdge = frozen->mapTo(&view, QPoint(4, frozen->rowViewportPosition(0) + 4 +
                                                                 frozen->horizontalHeader()->height()));
    EXPECT_EQ(view.childAt(leftEdge)->parentWidget(), frozen);
    // RANKLAB_SCREENSHOT_DIR=/some/dir keeps the picture for people to look at.
    if (const QString dir = qEnvironmentVariable("RANKLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
        EXPECT_TRUE(view.grab().save(dir + QStringLiteral("/summary_scrolled.png")));
        view.toolBar()->transposeButton()->click();
        QCoreApplication::processEvents();
        EXPECT_TRUE(view.grab().save(dir + QStringLiteral("/summary_transposed.png")));
    }
}

TEST(SummaryLayoutTest, TransposeShowsMetricsAsRowsWithTheSameCellsAndBack) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    QAbstractItemModel* shown = view.tableView()->model();
    const int rows = shown->rowCount(), columns = shown->columnCount();
    const QString cell = shown->index(0, 3).data().toString();
    const QString metric = shown->headerData(3, Qt::Horizontal).toString();
    const QString model = shown->index(0, 0).data().toString();
    view.toolBar()->transposeButton()->click();
    ASSERT_EQ(shown->rowCount(), columns - 1);
    ASSERT_EQ(shown->columnCount(), rows + 1);
    EXPECT_EQ(shown->index(2, 0).data().toString(), metric);
    EXPECT_EQ(shown->headerData(1, Qt::Horizontal).toString(), model);
    EXPECT_EQ(shown->index(2, 1).data().toString(), cell);
    // The frozen column holds the metric ids now.
    EXPECT_EQ(view.frozenTableView()->frozenView()->model()->index(2, 0).data().toString(), metric);
    // A click on a metric's name there plots it.
    view.resize(900, 700);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QTableView* frozen = view.frozenTableView()->frozenView();
    QTest::mouseClick(frozen->viewport(), Qt::LeftButton, {}, frozen->visualRect(frozen->model()->index(2, 0)).center());
    ASSERT_TRUE(view.forestPane()->metric());
    EXPECT_EQ(QString::fromStdString(test::exampleEvaluation()->settings.metrics[*view.forestPane()->metric()].id()),
              metric);
    view.toolBar()->transposeButton()->click();
    EXPECT_EQ(shown->rowCount(), rows);
    EXPECT_EQ(shown->index(0, 3).data().toString(), cell);
}

TEST(SummaryLayoutTest, TheForestPlotTakesTheSpaceUnderTheTable) {
    SummaryView view;
    ASSERT_TRUE(test::showExampleComparison(view, 1300, 760));
    QCoreApplication::processEvents();
    const QList<int> sizes = view.splitter()->sizes();
    ASSERT_EQ(sizes.size(), 2);
    // Three rows of table and a two-line note above; the plot gets the larger part.
    EXPECT_GT(sizes[1], sizes[0]);
    EXPECT_GE(sizes[0], view.tableView()->sizeHint().height());
    EXPECT_TRUE(view.forestPane()->isVisible());
    EXPECT_NE(view.forestPane()->chart(), nullptr);
}

TEST(SummaryLayoutTest, TheToolbarsSetupRoundTripsAndAsksForOneComparison) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    QSignalSpy compare(&view, &SummaryView::comparisonOptionsChanged);
    ComparisonSetup setup;
    setup.baseline = 2;
    setup.test = stats::SignificanceTest::Wilcoxon;
    setup.correction = stats::Correction::BenjaminiHochberg;
    setup.alpha = 0.01;
    setup.interval = CiKind::None;
    setup.display = CellDisplay::EffectSize;
    setup.transposed = true;
    view.setSetup(setup);
    EXPECT_EQ(view.setup(), setup);
    ASSERT_EQ(compare.size(), 1);
    const auto options = compare.front().front().value<stats::ComparisonOptions>();
    EXPECT_EQ(options.baseline, std::optional<std::size_t>(2));
    EXPECT_EQ(options.tests.front(), stats::SignificanceTest::Wilcoxon);
    EXPECT_EQ(options.correction, stats::Correction::BenjaminiHochberg);
    EXPECT_EQ(options.alpha, 0.01);
    EXPECT_EQ(view.tableModel()->display(), CellDisplay::EffectSize);
    EXPECT_TRUE(view.tableModel()->isTransposed());
    EXPECT_EQ(view.tableModel()->ciKind(), CiKind::None);
    // Only the display changes: no new comparison.
    setup.display = CellDisplay::Delta;
    view.setSetup(setup);
    EXPECT_EQ(compare.size(), 1);
    EXPECT_EQ(view.tableModel()->display(), CellDisplay::Delta);
}

TEST(SummaryLayoutTest, DeltaExportsStartWithTheTableAsShownThenTheReport) {
    SummaryView view;
    const auto result = test::exampleComparedResult();
    view.setResult(result);
    view.toolBar()->displayBox()->setCurrentIndex(view.toolBar()->displayBox()->findData(int(CellDisplay::Delta)));
    ASSERT_EQ(view.tableModel()->shownDisplay(), CellDisplay::Delta);
    const QByteArray report = summaryExport(*result, SummaryFormat::Markdown, CiKind::T);
    const QByteArray md = view.exportText(SummaryFormat::Markdown);
    ASSERT_TRUE(md.endsWith(report));
    const QString shown = QString::fromUtf8(md.left(md.size() - report.size()));
    EXPECT_TRUE(shown.startsWith(QStringLiteral("| Model | ndcg@5")));
    // A toprank cell: its Δ as the table shows it; the caption says what it is.
    const QString cell = view.tableView()->model()->index(0, 1).data().toString();
    EXPECT_TRUE(cell.startsWith(QLatin1Char('+')) || cell.startsWith(QStringLiteral("−")));
    EXPECT_NE(shown.indexOf(QStringLiteral("| **") + cell + QStringLiteral("** |")), -1);  // the best Δ, bold
    EXPECT_NE(shown.indexOf(QStringLiteral("cells: Δ = mean difference model − broad")), -1);
    const QByteArray tex = view.exportText(SummaryFormat::Latex);
    EXPECT_TRUE(tex.startsWith("\\begin{tabular}{lrrrrrrrr}"));
    EXPECT_TRUE(tex.endsWith(summaryExport(*result, SummaryFormat::Latex, CiKind::T)));
    // CSV and JSON stay `ranklab-cli compare`'s bytes (every difference, CI and d_z is in them).
    EXPECT_EQ(view.exportText(SummaryFormat::Csv), summaryExport(*result, SummaryFormat::Csv, CiKind::T));
    EXPECT_EQ(view.exportText(SummaryFormat::Json), summaryExport(*result, SummaryFormat::Json, CiKind::T));
    // In the mean display nothing is added.
    view.toolBar()->displayBox()->setCurrentIndex(view.toolBar()->displayBox()->findData(int(CellDisplay::Mean)));
    EXPECT_EQ(view.exportText(SummaryFormat::Markdown), report);
}

TEST(SummaryLayoutTest, TheNoteSaysWhatTheCellsAreAndExplainsTheFill) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    view.toolBar()->displayBox()->setCurrentIndex(view.toolBar()->displayBox()->findData(int(CellDisplay::DeltaPercent)));
    const QString note = view.noteLabel()->text();
    EXPECT_NE(note.indexOf(QStringLiteral("Δ% = 100 · (model − broad) / mean of broad")), -1) << note.toStdString();
    EXPECT_NE(note.indexOf(QStringLiteral("better")), -1);
    EXPECT_NE(note.indexOf(QStringLiteral("not significant")), -1);
    EXPECT_NE(note.indexOf(QStringLiteral("d<sub>z</sub>")), -1);
}

TEST(SummaryLayoutTest, LatexCellsEscapeAndSetSymbolsInMathMode) {
    EXPECT_EQ(latexCell(QStringLiteral("+0.0123 ± 0.0040 ▲")), QStringLiteral("+0.0123 $\\pm$ 0.0040 $\\blacktriangle$"));
    EXPECT_EQ(latexCell(QStringLiteral("−4.50% ▼")), QStringLiteral("$-$4.50\\% $\\blacktriangledown$"));
    EXPECT_EQ(latexCell(QStringLiteral("a_b & c")), QStringLiteral("a\\_b \\& c"));
}

TEST(SummaryLayoutTest, OnANarrowPaneTheToolbarWrapsAndEveryControlStaysVisible) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    EXPECT_LE(view.minimumSizeHint().width(), 640);
    view.resize(640, 600);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    SummaryToolBar* bar = view.toolBar();
    const QWidget* controls[] = {bar->baselineBox(), bar->testBox(), bar->correctionBox(), bar->alphaBox(),
                                 bar->ciBox(),       bar->displayBox(), bar->transposeButton()};
    int lines = 0, lastTop = -1;
    for (const QWidget* w : controls) {
        const QRect r(w->mapTo(&view, QPoint(0, 0)), w->size());
        EXPECT_TRUE(w->isVisible());
        EXPECT_TRUE(view.rect().contains(r)) << w->metaObject()->className() << " at " << r.x() << "," << r.y();
        if (r.top() > lastTop + 4) ++lines;
        lastTop = std::max(lastTop, r.top());
    }
    EXPECT_GE(lines, 2);  // wrapped, not cut off
    // The table starts under the last line of controls.
    EXPECT_GE(view.tableView()->mapTo(&view, QPoint(0, 0)).y(), lastTop + bar->baselineBox()->height());
}

TEST(SummaryLayoutTest, CopyAsTextGivesTheDisplayedQuantity) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    view.toolBar()->displayBox()->setCurrentIndex(view.toolBar()->displayBox()->findData(int(CellDisplay::EffectSize)));
    view.copyAsText();
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'));
    ASSERT_GE(lines.size(), 4);
    const QStringList toprank = lines[1].split(QLatin1Char('\t'));
    ASSERT_EQ(toprank.size(), 9);
    EXPECT_EQ(toprank[0], QStringLiteral("toprank"));
    const stats::PairComparison* p =
        test::exampleComparedResult()->comparison->find(0, test::kBroad, view.tableModel()->metricAt(1));
    EXPECT_TRUE(toprank[1].startsWith(QStringLiteral("+") + QString::number(p->cohensDz, 'f', 3))) << toprank[1].toStdString();
}
