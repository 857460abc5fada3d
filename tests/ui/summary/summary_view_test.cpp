// The summary view: its toolbar asks for a new comparison, its note says
// what the numbers are, and the clipboard gets the table as text and as a
// picture.
#include "ui/summary/summary_view.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/summary_toolbar.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

stats::ComparisonOptions lastOptions(const QSignalSpy& spy) {
    return spy.last().at(0).value<stats::ComparisonOptions>();
}

} // namespace

TEST(SummaryViewTest, ShowsAPlaceholderUntilAnEvaluationArrives) {
    SummaryView view;
    EXPECT_TRUE(view.tableView()->isHidden());
    EXPECT_FALSE(view.exportButton()->isEnabled());
    view.setResult(test::exampleComparedResult());
    EXPECT_FALSE(view.tableView()->isHidden());
    EXPECT_EQ(view.tableView()->model()->rowCount(), 3);
    view.clear();
    EXPECT_TRUE(view.tableView()->isHidden());
    QString error;
    QTemporaryDir dir;
    EXPECT_FALSE(view.exportTo(dir.filePath(QStringLiteral("never.csv")), SummaryFormat::Csv, &error));
    EXPECT_THAT(error.toStdString(), HasSubstr("Nothing to export"));
}

TEST(SummaryViewTest, ToolbarShowsTheComparisonsOptionsAndEmitsTheUsersChoices) {
    SummaryView view;
    QSignalSpy spy(&view, &SummaryView::comparisonOptionsChanged);
    view.setResult(test::exampleComparedResult());
    SummaryToolBar& bar = *view.toolBar();
    EXPECT_EQ(bar.baselineBox()->currentText(), "broad");
    EXPECT_EQ(bar.baselineBox()->count(), 4);  // three models and all pairs
    EXPECT_EQ(bar.testBox()->currentText(), "t-test");
    EXPECT_EQ(bar.correctionBox()->currentText(), "Holm");
    EXPECT_EQ(bar.alphaBox()->currentText(), "0.05");
    EXPECT_EQ(spy.count(), 0);  // showing a result asks for nothing

    bar.baselineBox()->setCurrentIndex(bar.baselineBox()->findText("toprank"));
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(lastOptions(spy).baseline, std::optional<std::size_t>(0));
    EXPECT_EQ(lastOptions(spy).resampling.resamples, test::kSummaryResamples);  // the rest as before

    bar.baselineBox()->setCurrentIndex(bar.baselineBox()->findText("all pairs"));
    EXPECT_FALSE(lastOptions(spy).baseline.has_value());

    bar.testBox()->setCurrentIndex(bar.testBox()->findText("Wilcoxon"));
    const std::vector<stats::SignificanceTest> tests = {stats::SignificanceTest::Wilcoxon,
                                                        stats::SignificanceTest::TTest};
    EXPECT_EQ(lastOptions(spy).tests, tests);  // the chosen test first: it sets the marks

    bar.correctionBox()->setCurrentIndex(bar.correctionBox()->findText(QString::fromUtf8("Holm–Šidák")));
    EXPECT_EQ(lastOptions(spy).correction, stats::Correction::HolmSidak);
    bar.correctionBox()->setCurrentIndex(bar.correctionBox()->findText(QString::fromUtf8("Šidák")));
    EXPECT_EQ(lastOptions(spy).correction, stats::Correction::Sidak);
    bar.correctionBox()->setCurrentIndex(bar.correctionBox()->findText("Bonferroni"));
    EXPECT_EQ(lastOptions(spy).correction, stats::Correction::Bonferroni);
    bar.alphaBox()->setCurrentIndex(bar.alphaBox()->findText("0.01"));
    EXPECT_DOUBLE_EQ(lastOptions(spy).alpha, 0.01);
    EXPECT_EQ(spy.count(), 7);

    // The interval shown is the view's own business, unless bootstrap intervals are missing.
    bar.ciBox()->setCurrentIndex(bar.ciBox()->findData(int(CiKind::None)));
    EXPECT_EQ(spy.count(), 7);
    EXPECT_EQ(view.tableModel()->ciKind(), CiKind::None);
}

TEST(SummaryViewTest, AskingForBootstrapIntervalsThatWereNotComputedAsksForThem) {
    stats::ComparisonOptions options = test::exampleOptions();
    options.bootstrapIntervals = false;
    SummaryView view;
    QSignalSpy spy(&view, &SummaryView::comparisonOptionsChanged);
    view.setResult(test::exampleResult(options));
    view.toolBar()->ciBox()->setCurrentIndex(view.toolBar()->ciBox()->findData(int(CiKind::Bootstrap)));
    ASSERT_EQ(spy.count(), 1);
    EXPECT_TRUE(lastOptions(spy).bootstrapIntervals);
}

TEST(SummaryViewTest, NoteSaysComputingWhileTheComparisonIsNullThenWhatTheMarksMean) {
    SummaryView view;
    view.setResult(test::exampleResult(std::nullopt));
    const UserCounts& counts = test::exampleEvaluation()->counts;
    const std::string computing = view.noteLabel()->text().toStdString();
    EXPECT_THAT(computing, HasSubstr("computing"));
    EXPECT_THAT(computing, HasSubstr(QLocale(QLocale::English).toString(qulonglong(counts.evaluated)).toStdString() +
                                     " users</b> evaluated"));
    EXPECT_THAT(computing, HasSubstr("tied scores: expected value"));
    EXPECT_THAT(computing, HasSubstr("users with a relevant item (grade ≥ 1)"));

    view.setResult(test::exampleComparedResult());
    const std::string note = view.noteLabel()->text().toStdString();
    EXPECT_THAT(note, Not(HasSubstr("computing")));
    // 2 pairs × 8 metric columns in the family.
    EXPECT_THAT(note, HasSubstr("better/worse than broad (paired t-test, Holm-corrected over 16 comparisons, α = 0.05)"));
    EXPECT_THAT(note, HasSubstr("95% t CI"));
}

TEST(SummaryViewTest, CopyAsTextPutsTheTableAsShownOnTheClipboard) {
    SummaryView view;
    view.setResult(test::exampleComparedResult());
    const int ndcg10 = 2;
    view.tableView()->sortByColumn(ndcg10, Qt::DescendingOrder);
    view.copyAsText();
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    ASSERT_NE(mime, nullptr);
    const QStringList lines = mime->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 4);
    EXPECT_EQ(lines[0].toStdString(), "Model\tndcg@5\tndcg@10\thr@5\thr@10\tap@5\tap@10\trr@5\trr@10");
    const QSortFilterProxyModel& proxy = *view.proxyModel();
    for (int r = 0; r < 3; ++r) {
        const QStringList fields = lines[r + 1].split(QLatin1Char('\t'));
        ASSERT_EQ(fields.size(), 9);
        EXPECT_EQ(fields[0], proxy.index(r, 0).data().toString());
        EXPECT_EQ(fields[ndcg10], proxy.index(r, ndcg10).data().toString());
        if (r > 0) {
            EXPECT_GE(proxy.index(r - 1, ndcg10).data(ComparisonTableModel::MeanRole).toDouble(),
                      proxy.index(r, ndcg10).data(ComparisonTableModel::MeanRole).toDouble());
        }
    }
    EXPECT_THAT(mime->html().toStdString(), HasSubstr("<table>"));

    view.copyAsMarkdown();
    EXPECT_THAT(QApplication::clipboard()->text().toStdString(), HasSubstr("| Model | ndcg@5 |"));
}

TEST(SummaryViewTest, CopyAsImageGivesAPictureOfEveryRowAndColumn) {
    SummaryView view;
    view.resize(300, 200);  // far smaller than the table: the picture is not the scrolled view
    view.setResult(test::exampleComparedResult());
    view.copyAsImage();
    const QImage image = QApplication::clipboard()->image();
    ASSERT_FALSE(image.isNull());
    const QHeaderView& header = *view.tableView()->horizontalHeader();
    int width = 0;
    for (int c = 0; c < header.count(); ++c) width += header.sectionSize(c);
    EXPECT_GE(image.width(), width);  // at least as wide as every column (at twice the pixel density)
    // Not blank: some pixels are darker than the background.
    int dark = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if (qGray(image.pixel(x, y)) < 128) ++dark;
    EXPECT_GT(dark, 100);

    QTemporaryDir dir;
    const QString png = dir.filePath("table.png");
    ASSERT_TRUE(view.exportTo(png, SummaryFormat::Png));
    EXPECT_EQ(QImage(png).size(), image.size());
}

TEST(SummaryViewTest, TheViewDrawsItsTableAndNote) {
    SummaryView view;
    view.resize(1100, 360);
    view.setResult(test::exampleComparedResult());
    view.show();
    const QImage shot = view.grab().toImage();
    ASSERT_FALSE(shot.isNull());
    // The note under the table is inside the picture.
    const QRect note = view.noteLabel()->geometry();
    EXPECT_TRUE(QRect(QPoint(0, 0), view.size()).contains(note)) << note.y() << " " << view.height();
    // RANKLAB_SCREENSHOT_DIR=/some/dir keeps the picture for people to look at.
    if (const QString dir = qEnvironmentVariable("RANKLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
        EXPECT_TRUE(shot.save(dir + QStringLiteral("/summary_view.png")));
        EXPECT_TRUE(view.renderImage().save(dir + QStringLiteral("/summary_image.png")));
        const QAbstractItemModel& m = *view.tableView()->model();
        for (const auto& [name, tip] : {std::pair{"cell", m.index(0, 2).data(Qt::ToolTipRole).toString()},
                                        std::pair{"header", m.headerData(2, Qt::Horizontal, Qt::ToolTipRole).toString()}}) {
            QLabel label(tip);
            label.setWordWrap(false);
            label.adjustSize();
            EXPECT_TRUE(label.grab().save(dir + QStringLiteral("/summary_%1_tooltip.png").arg(QLatin1String(name))));
        }
        stats::ComparisonOptions allPairs = test::exampleOptions();
        allPairs.baseline.reset();
        SummaryView pairsView;
        pairsView.setResult(test::exampleResult(allPairs));
        EXPECT_TRUE(pairsView.renderImage().save(dir + QStringLiteral("/summary_all_pairs.png")));
    }
}

TEST(SummaryViewTest, ALateResultOfAnOlderRequestDoesNotReplaceANewerOne) {
    SummaryView view;
    view.setResult(test::exampleResult(test::exampleOptions(), 7));
    view.setResult(test::exampleResult(std::nullopt, 6));  // an older evaluation arrives late
    ASSERT_NE(view.result(), nullptr);
    EXPECT_EQ(view.result()->generation, 7u);
    EXPECT_NE(view.result()->comparison, nullptr);
    view.setResult(test::exampleResult(std::nullopt, 8));  // a newer one is shown, still computing
    EXPECT_EQ(view.result()->generation, 8u);
    EXPECT_THAT(view.noteLabel()->text().toStdString(), HasSubstr("computing"));
}

TEST(SummaryViewTest, BeforeAnyComparisonTheOptionsAreTheClisDefaults) {
    // ranklab-cli compare: --test t, --correction holm, --alpha 0.05, the first --run as baseline.
    SummaryView view;
    const stats::ComparisonOptions& o = view.comparisonOptions();
    EXPECT_EQ(o.baseline, std::optional<std::size_t>(0));
    EXPECT_EQ(o.tests, std::vector<stats::SignificanceTest>{stats::SignificanceTest::TTest});
    EXPECT_EQ(o.correction, stats::Correction::Holm);
    EXPECT_DOUBLE_EQ(o.alpha, 0.05);
    view.setResult(test::exampleResult(std::nullopt));
    EXPECT_EQ(view.toolBar()->baselineBox()->currentText(), "toprank");
}

TEST(SummaryViewTest, CopyingAnEmptyViewLeavesTheClipboardAlone) {
    QApplication::clipboard()->setText(QStringLiteral("kept"));
    SummaryView view;
    view.copyAsText();
    view.copyAsMarkdown();
    view.copyAsImage();
    EXPECT_EQ(QApplication::clipboard()->text().toStdString(), "kept");
}

TEST(SummaryViewTest, AFirstClickOnAMetricsHeaderPutsTheHighestMeanOnTop) {
    SummaryView view;
    view.resize(1200, 400);
    view.setResult(test::exampleComparedResult());
    view.show();
    QHeaderView& header = *view.tableView()->horizontalHeader();
    const int hr5 = 3;
    const QPoint at(header.sectionViewportPosition(hr5) + header.sectionSize(hr5) / 2, header.height() / 2);
    QTest::mouseClick(header.viewport(), Qt::LeftButton, {}, at);
    const QAbstractItemModel& shown = *view.tableView()->model();
    // hr@5 means (ranklab-cli compare on the same files): toprank 0.4947, broad 0.4120, popularity 0.2847.
    EXPECT_EQ(shown.index(0, 0).data().toString().toStdString(), "toprank");
    EXPECT_EQ(shown.index(1, 0).data().toString().toStdString(), "broad (baseline)");
    EXPECT_EQ(shown.index(2, 0).data().toString().toStdString(), "popularity");
    QTest::mouseClick(header.viewport(), Qt::LeftButton, {}, at);  // again: lowest first
    EXPECT_EQ(shown.index(0, 0).data().toString().toStdString(), "popularity");
}
