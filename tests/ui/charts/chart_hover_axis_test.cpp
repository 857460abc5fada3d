// Hovering a curve by distance (a line within 8 px is hit, one 12 px away is
// not) and clean value-axis labels (a tick at zero prints "0", never
// "-0.00"), on charts drawn in a real (offscreen) view.
#include <QApplication>
#include <QCategoryAxis>
#include <QChartView>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTest>

#include <gtest/gtest.h>

#include "eval/curve_difference.h"
#include "ui/charts/curve_chart.h"
#include "ui/charts/difference_chart.h"
#include "ui/charts/line_hover.h"
#include "ui/charts/value_axis.h"
#include "ui/chart_fixture.h"

namespace ranklab::ui {
namespace {

// Two models, ndcg by hand; `a` low, `b` high, a t band below zero for `a`.
CurveResult handCurves() {
    return test::ndcgCurves({0.05, 0.1, 0.15, 0.2, 0.25}, {0.8, 0.8, 0.8, 0.8, 0.8}, {-0.2, -0.1, 0, 0.1, 0.2},
                            {0.3, 0.3, 0.3, 0.3, 0.3}, {0.7, 0.7, 0.7, 0.7, 0.7}, {0.9, 0.9, 0.9, 0.9, 0.9});
}

TEST(LineHoverTest, SegmentDistanceIsThePerpendicularOrTheNearestEnd) {
    EXPECT_DOUBLE_EQ(segmentDistance(QPointF(5, 3), QPointF(0, 0), QPointF(10, 0)), 3.0);
    EXPECT_DOUBLE_EQ(segmentDistance(QPointF(13, 4), QPointF(0, 0), QPointF(10, 0)), 5.0);
}

TEST(LineHoverTest, ALineWithinEightPixelsIsHitAndOneTwelveAwayIsNot) {
    auto* chart = new CurveChart(handCurves(), test::twoLooks(), {0, CurveBand::T, false, false});
    test::ShownChart shown(chart);
    QLineSeries* a = chart->modelSeries(0);
    ASSERT_NE(a, nullptr);
    const QPointF onLine = chart->mapToPosition(a->at(2), a);  // k = 3
    const QString near = chart->hoverTextAt(onLine + QPointF(0, 7));
    EXPECT_TRUE(near.startsWith(QStringLiteral("a\n"))) << near.toStdString();
    EXPECT_TRUE(near.contains(QStringLiteral("ndcg@3 = 0.1500"))) << near.toStdString();
    EXPECT_TRUE(chart->hoverTextAt(onLine + QPointF(0, 12)).isEmpty());
    // Between two points the segment counts, not only the points.
    const QPointF between = (chart->mapToPosition(a->at(0), a) + chart->mapToPosition(a->at(1), a)) / 2;
    EXPECT_FALSE(chart->hoverTextAt(between + QPointF(0, -6)).isEmpty());
}

TEST(LineHoverTest, AMouseMoveNearTheLineInTheViewShowsItsValue) {
    auto* chart = new CurveChart(handCurves(), test::twoLooks(), {0, CurveBand::None, false, false});
    test::ShownChart shown(chart);
    QLineSeries* b = chart->modelSeries(1);
    ASSERT_NE(b, nullptr);
    // 6 px above the line of b at k = 4, through the view as a user moves the mouse.
    const QPointF target = chart->mapToPosition(b->at(3), b) + QPointF(0, -6);
    const QPoint at = shown.view.mapFromScene(chart->mapToScene(target));
    QTest::mouseMove(shown.view.viewport(), at - QPoint(30, 30));
    QTest::mouseMove(shown.view.viewport(), at);
    EXPECT_TRUE(QTest::qWaitFor([&] { return chart->lastHoverText().contains(QStringLiteral("ndcg@4 = 0.8000")); }, 2000))
        << chart->lastHoverText().toStdString();
}

TEST(LineHoverTest, TheDifferenceChartHoversByDistanceToo) {
    CurveDifferenceResult r;
    r.metric = parseCurveMetrics("recall").front();
    r.options.bands = false;
    r.baseline = 0;
    r.baselineName = "a";
    r.kmax = 4;
    r.curves.push_back({"a", "recall", {0, 0, 0, 0}, {}, {}, {}, {}, {}});
    r.curves.push_back({"b", "recall", {-0.1, -0.05, 0.05, 0.1}, {}, {}, {}, {}, zeroCrossings({-0.1, -0.05, 0.05, 0.1})});
    auto* chart = new DifferenceChart(r, test::twoLooks(), CurveBand::None, false);
    test::ShownChart shown(chart);
    QLineSeries* b = chart->modelSeries(1);
    ASSERT_NE(b, nullptr);
    const QString text = chart->hoverTextAt(chart->mapToPosition(b->at(3), b) + QPointF(-2, 6));
    EXPECT_TRUE(text.contains(QStringLiteral("Δ recall@4 = +0.1000"))) << text.toStdString();
    // The crossing between k = 2 and 3 is marked at k = 2.5 on the zero line.
    ASSERT_EQ(chart->crossingSeries()->count(), 1);
    EXPECT_EQ(chart->crossingSeries()->at(0), QPointF(2.5, 0));
    // The zero tick of the Δ axis prints "0".
    EXPECT_TRUE(chart->valueAxis()->categoriesLabels().contains(QStringLiteral("0")));
}

TEST(ValueAxisTest, ZeroPrintsAsZeroNeverMinusZero) {
    EXPECT_EQ(axisNumber(-2.7755575615628914e-17, 2), QStringLiteral("0"));
    EXPECT_EQ(axisNumber(-0.0, 3), QStringLiteral("0"));
    EXPECT_EQ(axisNumber(-0.004, 2), QStringLiteral("0"));
    EXPECT_EQ(axisNumber(-0.05, 2), QStringLiteral("-0.05"));
    EXPECT_EQ(axisNumber(0.25, 2), QStringLiteral("0.25"));
}

TEST(ValueAxisTest, TicksAreMultiplesOfANiceStepCoveringTheRange) {
    QCategoryAxis* axis = makeValueAxis();
    setValueAxisRange(axis, -0.23, 0.61, 6);  // step 0.2 (0.84 / 6 = 0.14 -> 0.2)
    EXPECT_DOUBLE_EQ(axis->min(), -0.4);
    EXPECT_DOUBLE_EQ(axis->max(), 0.8);
    const QStringList expected{QStringLiteral("-0.4"), QStringLiteral("-0.2"), QStringLiteral("0"),
                               QStringLiteral("0.2"), QStringLiteral("0.4"), QStringLiteral("0.6"),
                               QStringLiteral("0.8")};
    EXPECT_EQ(axis->categoriesLabels(), expected);
    EXPECT_DOUBLE_EQ(axis->endValue(QStringLiteral("0")), 0.0);
    delete axis;
}

TEST(ValueAxisTest, TheCurveChartsValueAxisHasNoMinusZero) {
    // The t band of `a` reaches −0.2: the axis spans zero.
    CurveChart chart(handCurves(), test::twoLooks(), {0, CurveBand::T, false, false});
    QCategoryAxis* y = nullptr;
    for (QAbstractAxis* axis : chart.axes(Qt::Vertical)) y = y ? y : qobject_cast<QCategoryAxis*>(axis);
    ASSERT_NE(y, nullptr);
    const QStringList labels = y->categoriesLabels();
    EXPECT_TRUE(labels.contains(QStringLiteral("0"))) << labels.join(QLatin1Char(' ')).toStdString();
    for (const QString& label : labels) EXPECT_FALSE(label.startsWith(QStringLiteral("-0.0"))) << label.toStdString();
    EXPECT_LE(y->min(), -0.2);
    EXPECT_GE(y->max(), 0.9);
}

} // namespace
} // namespace ranklab::ui
