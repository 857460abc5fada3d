// The Curves tab's other modes: the difference to a baseline draws
// computeCurveDifferences' Δ(k), paired band and zero crossings (called
// here directly), and the precision–recall modes draw
// computePrecisionRecall's 11-point and full curves; switching between the
// two precision–recall modes only redraws.
#include <QAreaSeries>
#include <QComboBox>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/view_fixture.h"
#include "ui/charts/difference_chart.h"
#include "ui/job_tracker.h"
#include "ui/views/chart_panel.h"
#include "ui/views/curves_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

using test::settle;

void chooseMode(CurvesView& view, CurvesMode mode) {
    const int index = view.modeBox()->findData(int(mode));
    view.modeBox()->setCurrentIndex(index);
    Q_EMIT view.modeBox()->activated(index);
}

// The example's comparison in `view`, then `mode` chosen; false unless both settle.
bool showInMode(CurvesView& view, CurvesMode mode) {
    view.setResult(test::exampleComparedResult());
    if (!settle(view)) return false;
    chooseMode(view, mode);
    return settle(view);
}

EvalSettings coreSettings() {
    EvalSettings settings = test::exampleEvaluation()->settings;
    settings.metrics.clear();
    return settings;
}

TEST(CurvesModesTest, DifferenceModeDrawsTheCoresDeltaWithItsPairedBand) {
    SelectedUsers selection;
    CurvesView view(&selection);
    ASSERT_TRUE(showInMode(view, CurvesMode::Difference));
    // The baseline starts as the comparison's.
    EXPECT_EQ(view.baselineBox()->currentText(), QStringLiteral("broad"));
    ASSERT_NE(view.differenceChart(), nullptr);
    ASSERT_NE(view.differences(), nullptr);

    CurveOptions options = view.curveOptions();
    RankCache cache;
    const CurveDifferenceResult core = computeCurveDifferences(
        *test::exampleDataset(), parseCurveMetrics("ndcg").front(), coreSettings(), test::kBroad, options, cache);
    const DifferenceChart* chart = view.differenceChart();
    EXPECT_EQ(chart->modelSeries(test::kBroad), nullptr);  // no line for the baseline itself
    ASSERT_NE(chart->zeroLine(), nullptr);
    std::size_t crossings = 0;
    for (std::size_t m = 0; m < core.curves.size(); ++m) {
        if (m == test::kBroad) continue;
        const QLineSeries* line = chart->modelSeries(m);
        ASSERT_NE(line, nullptr);
        ASSERT_EQ(std::size_t(line->count()), core.curves[m].delta.size());
        for (int k = 0; k < line->count(); ++k)
            EXPECT_DOUBLE_EQ(line->at(k).y(), core.curves[m].delta[std::size_t(k)]) << m << " k " << k + 1;
        const QAreaSeries* band = chart->bandSeries(m);
        ASSERT_NE(band, nullptr);  // the t band by default
        EXPECT_DOUBLE_EQ(band->lowerSeries()->at(4).y(), core.curves[m].tLo[4]);
        EXPECT_DOUBLE_EQ(band->upperSeries()->at(4).y(), core.curves[m].tHi[4]);
        crossings += core.curves[m].crossings.size();
    }
    ASSERT_NE(chart->crossingSeries(), nullptr);
    EXPECT_EQ(std::size_t(chart->crossingSeries()->count()), crossings);
    EXPECT_TRUE(view.exportCaption().contains(QStringLiteral("paired t"))) << view.exportCaption().toStdString();
    EXPECT_EQ(view.exportBaseName(), QStringLiteral("ndcg-difference"));

    // The bootstrap band is the paired bootstrap's (the same seed and resamples).
    const int boot = view.bandBox()->findData(int(CurveBand::Bootstrap));
    view.bandBox()->setCurrentIndex(boot);
    Q_EMIT view.bandBox()->activated(boot);
    ASSERT_TRUE(settle(view));
    options = view.curveOptions();
    ASSERT_TRUE(options.bootstrap);
    RankCache again;
    const CurveDifferenceResult booted = computeCurveDifferences(
        *test::exampleDataset(), parseCurveMetrics("ndcg").front(), coreSettings(), test::kBroad, options, again);
    for (std::size_t m : {std::size_t(0), std::size_t(2)}) {
        const QAreaSeries* band = view.differenceChart()->bandSeries(m);
        ASSERT_NE(band, nullptr);
        EXPECT_DOUBLE_EQ(band->lowerSeries()->at(9).y(), booted.curves[m].bootLo[9]);
        EXPECT_DOUBLE_EQ(band->upperSeries()->at(9).y(), booted.curves[m].bootHi[9]);
    }
    EXPECT_TRUE(view.exportCaption().contains(QStringLiteral("paired percentile bootstrap")));

    // Another baseline recomputes; back to metric vs k reuses nothing wrong.
    view.baselineBox()->setCurrentIndex(0);
    Q_EMIT view.baselineBox()->activated(0);
    ASSERT_TRUE(settle(view));
    EXPECT_EQ(view.differences()->baseline, 0u);
    EXPECT_EQ(view.differenceChart()->modelSeries(0), nullptr);
    chooseMode(view, CurvesMode::MetricVsK);
    ASSERT_TRUE(settle(view));
    EXPECT_NE(view.chart(), nullptr);
}

TEST(CurvesModesTest, PrecisionRecallModesDrawTheCoresCurves) {
    SelectedUsers selection;
    CurvesView view(&selection);
    ASSERT_TRUE(showInMode(view, CurvesMode::PrecisionRecall11));
    ASSERT_NE(view.precisionRecallChart(), nullptr);
    RankCache cache;
    const PrecisionRecallResult core = computePrecisionRecall(*test::exampleDataset(), coreSettings(), cache);
    for (std::size_t m = 0; m < core.curves.size(); ++m) {
        const QLineSeries* line = view.precisionRecallChart()->modelSeries(m);
        ASSERT_NE(line, nullptr);
        ASSERT_EQ(line->count(), 11);
        for (int i = 0; i < 11; ++i) {
            EXPECT_DOUBLE_EQ(line->at(i).x(), i / 10.0);
            EXPECT_DOUBLE_EQ(line->at(i).y(), core.curves[m].elevenPoint[std::size_t(i)]) << m << " " << i;
        }
    }
    const auto computed = view.precisionRecall();
    chooseMode(view, CurvesMode::PrecisionRecallFull);
    ASSERT_TRUE(settle(view));
    EXPECT_EQ(view.precisionRecall(), computed);  // redrawn, not computed again
    for (std::size_t m = 0; m < core.curves.size(); ++m) {
        const QLineSeries* line = view.precisionRecallChart()->modelSeries(m);
        ASSERT_NE(line, nullptr);
        const QList<QPointF> expected = precisionRecallPoints(core.curves[m], PrecisionRecallKind::Full);
        ASSERT_EQ(line->count(), expected.size());
        for (int i = 0; i < line->count(); ++i) EXPECT_EQ(line->at(i), expected[i]) << m << " " << i;
        // The full curve starts at recall 0 with the 11-point curve's first value.
        EXPECT_DOUBLE_EQ(line->at(0).y(), core.curves[m].elevenPoint[0]);
    }
    EXPECT_EQ(view.exportBaseName(), QStringLiteral("precision-recall"));
}

TEST(CurvesModesTest, EveryModeExportsItsChartWithACaption) {
    SelectedUsers selection;
    CurvesView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    const std::pair<CurvesMode, const char*> modes[] = {
        {CurvesMode::MetricVsK, "ndcg@k, mean over users"},
        {CurvesMode::Difference, "= model − broad, mean of the per-user differences"},
        {CurvesMode::PrecisionRecall11, "11-point interpolated precision vs recall"},
        {CurvesMode::PrecisionRecallFull, "full interpolated precision vs recall"}};
    for (const auto& [mode, caption] : modes) {
        chooseMode(view, mode);
        ASSERT_TRUE(settle(view));
        const std::unique_ptr<QChart> chart = view.makeExportChart();
        ASSERT_NE(chart, nullptr) << caption;
        EXPECT_EQ(chart->title(), view.chartPanel()->shown<QChart>()->title());
        EXPECT_TRUE(view.exportCaption().contains(QString::fromUtf8(caption))) << view.exportCaption().toStdString();
        EXPECT_TRUE(view.exportCaption().contains(QStringLiteral("3,000 users"))) << view.exportCaption().toStdString();
    }
}

} // namespace
} // namespace ranklab::ui
