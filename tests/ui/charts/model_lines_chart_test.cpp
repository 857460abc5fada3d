// The base the per-model line charts share (ui/charts/model_lines_chart.h):
// on each of Curves, Difference and Precision–recall a legend click hides
// the model's line and band, greys its label and swatch and a second click
// brings it back; hovering near a precision–recall line reads the point by
// hand; and the k axis (ui/charts/cutoff_axis.h) spans the cutoffs.
#include <QApplication>
#include <QAreaSeries>
#include <QChartView>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTest>
#include <QValueAxis>

#include <gtest/gtest.h>

#include "eval/curve_difference.h"
#include "ui/charts/curve_chart.h"
#include "ui/charts/cutoff_axis.h"
#include "ui/charts/difference_chart.h"
#include "ui/charts/precision_recall_chart.h"
#include "ui/chart_fixture.h"

namespace ranklab::ui {
namespace {

CurveResult curves() {
    return test::ndcgCurves({0.2, 0.3, 0.4}, {0.5, 0.5, 0.5}, {0.1, 0.2, 0.3}, {0.3, 0.4, 0.5}, {0.4, 0.4, 0.4},
                            {0.6, 0.6, 0.6});
}

CurveDifferenceResult differences() {
    CurveDifferenceResult r;
    r.metric = parseCurveMetrics("ndcg").front();
    r.options.bands = true;
    r.options.bootstrap = false;
    r.baseline = 0;
    r.baselineName = "a";
    r.kmax = 3;
    r.curves.push_back({"a", "ndcg", {0, 0, 0}, {}, {}, {}, {}, {}});
    r.curves.push_back({"b", "ndcg", {0.3, 0.2, 0.1}, {0.1, 0.0, -0.1}, {0.5, 0.4, 0.3}, {}, {}, {}});
    return r;
}

// a: precision 1 at recall 0.5, then 0.5 at recall 1 (11-point: 1 up to 0.5, 0.5 after).
PrecisionRecallResult precisionRecall() {
    PrecisionRecallResult r;
    for (const char* name : {"a", "b"}) {
        PrecisionRecallCurve c;
        c.model = name;
        for (std::size_t i = 0; i < kElevenPoints; ++i) c.elevenPoint[i] = i <= 5 ? 1.0 : 0.5;
        if (std::string(name) == "b") c.elevenPoint.fill(0.25);
        c.recall = {0.5, 1.0};
        c.precision = {c.elevenPoint[5], c.elevenPoint[10]};
        r.curves.push_back(c);
    }
    return r;
}

// One legend click on `model`'s entry hides its line (and band), greys the
// entry's label and swatch; a second brings all back.
void expectLegendToggles(ModelLinesChart& chart, std::size_t model) {
    SCOPED_TRACE(chart.metaObject()->className());
    QLineSeries* line = chart.modelSeries(model);
    ASSERT_NE(line, nullptr);
    const QList<QLegendMarker*> markers = chart.legend()->markers(line);
    ASSERT_EQ(markers.size(), 1);
    QLegendMarker* marker = markers.front();
    Q_EMIT marker->clicked();
    EXPECT_FALSE(line->isVisible());
    EXPECT_FALSE(chart.isModelShown(model));
    if (QAreaSeries* band = chart.bandSeries(model)) {
        EXPECT_FALSE(band->isVisible());
    }
    EXPECT_TRUE(marker->isVisible());
    EXPECT_NEAR(marker->labelBrush().color().alphaF(), 0.35, 0.01);
    EXPECT_NEAR(marker->brush().color().alphaF(), 0.35, 0.01);
    Q_EMIT marker->clicked();
    EXPECT_TRUE(line->isVisible());
    EXPECT_TRUE(chart.isModelShown(model));
    if (QAreaSeries* band = chart.bandSeries(model)) {
        EXPECT_TRUE(band->isVisible());
    }
    EXPECT_DOUBLE_EQ(marker->labelBrush().color().alphaF(), 1.0);
    EXPECT_DOUBLE_EQ(marker->brush().color().alphaF(), 1.0);
}

TEST(ModelLinesChartTest, ALegendClickHidesAndGreysTheModelOnEveryLineChart) {
    auto* curve = new CurveChart(curves(), test::twoLooks(), {0, CurveBand::T, false, false});
    test::ShownChart shownCurve(curve);
    ASSERT_NE(curve->bandSeries(1), nullptr);
    expectLegendToggles(*curve, 1);
    auto* difference = new DifferenceChart(differences(), test::twoLooks(), CurveBand::T, false);
    test::ShownChart shownDifference(difference);
    EXPECT_EQ(difference->modelSeries(0), nullptr);  // the baseline has no line
    ASSERT_NE(difference->bandSeries(1), nullptr);
    expectLegendToggles(*difference, 1);
    auto* pr = new PrecisionRecallChart(precisionRecall(), test::twoLooks(), PrecisionRecallKind::ElevenPoint);
    test::ShownChart shownPr(pr);
    EXPECT_EQ(pr->bandSeries(0), nullptr);
    expectLegendToggles(*pr, 0);
}

TEST(ModelLinesChartTest, BandEntriesAreLeftOutOfTheLegend) {
    CurveChart chart(curves(), test::twoLooks(), {0, CurveBand::T, false, false});
    for (std::size_t m = 0; m < 2; ++m) {
        ASSERT_NE(chart.bandSeries(m), nullptr);
        for (QLegendMarker* marker : chart.legend()->markers(chart.bandSeries(m))) EXPECT_FALSE(marker->isVisible());
    }
}

TEST(ModelLinesChartTest, HoveringNearAPrecisionRecallLineReadsItsPoint) {
    auto* chart = new PrecisionRecallChart(precisionRecall(), test::twoLooks(), PrecisionRecallKind::ElevenPoint);
    test::ShownChart shown(chart);
    QLineSeries* a = chart->modelSeries(0);
    ASSERT_NE(a, nullptr);
    // Point 7 of a's 11: recall 0.7, precision 0.5 (b lies at 0.25, far below).
    const QPointF at = chart->mapToPosition(QPointF(0.7, 0.5), a);
    const QString text = chart->hoverTextAt(at + QPointF(0, 5));
    EXPECT_EQ(text, QStringLiteral("a\nrecall 0.7: interpolated precision 0.5000"));
    EXPECT_TRUE(chart->hoverTextAt(at + QPointF(0, -40)).isEmpty());  // 40 px above: no line
    // Hidden, a is not hit.
    chart->setModelShown(0, false);
    EXPECT_TRUE(chart->hoverTextAt(at + QPointF(0, 5)).isEmpty());
}

TEST(CutoffAxisTest, TheKAxisSpansTheCutoffs) {
    EXPECT_DOUBLE_EQ(cutoffAxisSpan(20, false).lo, 1);
    EXPECT_DOUBLE_EQ(cutoffAxisSpan(20, false).hi, 20);
    // One cutoff: centred, not on the edge.
    EXPECT_DOUBLE_EQ(cutoffAxisSpan(1, false).lo, 0.5);
    EXPECT_DOUBLE_EQ(cutoffAxisSpan(1, false).hi, 1.5);
    // Log: from 1, at least to 2.
    EXPECT_DOUBLE_EQ(cutoffAxisSpan(1, true).hi, 2);
    EXPECT_DOUBLE_EQ(cutoffAxisSpan(100, true).hi, 100);

    std::unique_ptr<QAbstractAxis> linear(makeCutoffAxis(100, false));
    auto* value = qobject_cast<QValueAxis*>(linear.get());
    ASSERT_NE(value, nullptr);
    EXPECT_DOUBLE_EQ(value->min(), 1);
    EXPECT_DOUBLE_EQ(value->max(), 100);
    EXPECT_DOUBLE_EQ(value->tickInterval(), 10);  // 100 / 10 intervals: a step of 10
    EXPECT_EQ(linear->titleText(), QStringLiteral("k (cutoff)"));
    std::unique_ptr<QAbstractAxis> log(makeCutoffAxis(50, true));
    auto* logAxis = qobject_cast<QLogValueAxis*>(log.get());
    ASSERT_NE(logAxis, nullptr);
    EXPECT_DOUBLE_EQ(logAxis->min(), 1);
    EXPECT_DOUBLE_EQ(logAxis->max(), 50);
    EXPECT_DOUBLE_EQ(logAxis->base(), 10);
}

} // namespace
} // namespace ranklab::ui
