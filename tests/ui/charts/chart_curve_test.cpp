// The curve chart: its lines are the core's curve means, crossovers sit
// where two constructed curves swap order, a legend click hides a model.
#include <QAreaSeries>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>

#include <gtest/gtest.h>

#include "eval/metric_curve.h"
#include "io/dataset_loader.h"
#include "ui/charts/crossovers.h"
#include "ui/charts/curve_chart.h"
#include "ui/chart_fixture.h"
#include "ui/model_colors.h"

namespace ranklab::ui {
namespace {

Dataset compareData() {
    DatasetSources sources;
    sources.judgments = RANKLAB_TEST_DATA "/compare/qrels.txt";
    for (const char* name : {"strong", "middle", "weak"})
        sources.runs.push_back({name, std::string(RANKLAB_TEST_DATA "/compare/") + name + ".trec", {}});
    return loadDataset(sources, ReadOptions{});
}

QList<ModelLook> looksFor(const std::vector<std::string>& names) {
    QList<ModelLook> looks;
    for (std::size_t i = 0; i < names.size(); ++i)
        looks.append({QString::fromStdString(names[i]), paletteColor(i), true});
    return looks;
}

// Two models, one family, means given by hand, no bands.
CurveResult handCurves(std::vector<double> a, std::vector<double> b) {
    return test::ndcgCurves(std::move(a), std::move(b));
}

TEST(CrossoverTest, MarksTheKWhereTheOrderFlips) {
    // a above b at k=1,2, below at k=3,4, above again at k=6 (k=5 is a tie).
    const auto c = findCrossovers({0.5, 0.6, 0.3, 0.2, 0.4, 0.9}, {0.1, 0.2, 0.5, 0.6, 0.4, 0.1});
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(c[0].k, 3u);
    EXPECT_DOUBLE_EQ(c[0].y, 0.4);  // (0.3 + 0.5) / 2
    EXPECT_EQ(c[1].k, 6u);
    EXPECT_DOUBLE_EQ(c[1].y, 0.5);  // (0.9 + 0.1) / 2
}

TEST(CrossoverTest, TouchingWithoutCrossingIsNoCrossover) {
    EXPECT_TRUE(findCrossovers({0.5, 0.4, 0.5}, {0.1, 0.4, 0.2}).empty());
    EXPECT_TRUE(findCrossovers({0.2, 0.2}, {0.2, 0.2}).empty());
}

TEST(CurveChartTest, EachModelsLineIsTheCoreMeanAtEveryK) {
    const Dataset data = compareData();
    EvalSettings settings;
    RankCache cache;
    CurveOptions options;
    options.resamples = 200;
    const CurveResult result = computeCurves(data, parseCurveMetrics("ndcg,recall"),
                                             settings, options, cache);
    ASSERT_EQ(result.kmax, 10u);  // every run ranks 10 items per user
    const CurveChart chart(result, looksFor({"strong", "middle", "weak"}), {.metric = 1});
    for (std::size_t m = 0; m < 3; ++m) {
        const MetricCurve& curve = result.curve(m, 1);
        ASSERT_NE(chart.modelSeries(m), nullptr);
        const QList<QPointF> points = chart.modelSeries(m)->points();
        ASSERT_EQ(points.size(), 10);
        for (int i = 0; i < 10; ++i) {
            EXPECT_DOUBLE_EQ(points[i].x(), i + 1);
            EXPECT_DOUBLE_EQ(points[i].y(), curve.mean[std::size_t(i)]) << curve.model << " k=" << i + 1;
        }
        // The band is the bootstrap interval at every k.
        ASSERT_NE(chart.bandSeries(m), nullptr);
        const QList<QPointF> upper = chart.bandSeries(m)->upperSeries()->points();
        ASSERT_EQ(upper.size(), 10);
        EXPECT_DOUBLE_EQ(upper[4].y(), curve.bootHi[4]);
        EXPECT_DOUBLE_EQ(chart.bandSeries(m)->lowerSeries()->points()[4].y(), curve.bootLo[4]);
    }
    // The tooltip near k = 5 names the exact value at k = 5.
    const QString tip = chart.hoverText(0, QPointF(5.3, 0.1));
    EXPECT_TRUE(tip.contains(QStringLiteral("recall@5 = %1").arg(result.curve(0, 1).mean[4], 0, 'f', 4))) << tip.toStdString();
}

TEST(CurveChartTest, HiddenModelsHaveNoLine) {
    QList<ModelLook> looks = looksFor({"a", "b"});
    looks[1].visible = false;
    const CurveChart chart(handCurves({0.1, 0.2}, {0.3, 0.4}), looks, {});
    EXPECT_NE(chart.modelSeries(0), nullptr);
    EXPECT_EQ(chart.modelSeries(1), nullptr);
}

TEST(CurveChartTest, CrossoverMarksSitWhereTheConstructedCurvesSwap) {
    // Hand-made: a leads at k=1,2; b leads from k=3; a leads again at k=5.
    const CurveChart chart(handCurves({0.5, 0.5, 0.4, 0.4, 0.8}, {0.2, 0.3, 0.6, 0.7, 0.6}), looksFor({"a", "b"}), {});
    ASSERT_NE(chart.crossoverSeries(), nullptr);
    const QList<QPointF> marks = chart.crossoverSeries()->points();
    ASSERT_EQ(marks.size(), 2);
    EXPECT_DOUBLE_EQ(marks[0].x(), 3);
    EXPECT_DOUBLE_EQ(marks[0].y(), 0.5);
    EXPECT_DOUBLE_EQ(marks[1].x(), 5);
    EXPECT_DOUBLE_EQ(marks[1].y(), 0.7);
}

TEST(CurveChartTest, LegendClickHidesTheModelAndItsCrossovers) {
    CurveChart chart(handCurves({0.5, 0.2}, {0.2, 0.5}), looksFor({"a", "b"}), {});
    ASSERT_EQ(chart.crossoverSeries()->count(), 1);
    const QList<QLegendMarker*> markers = chart.legend()->markers(chart.modelSeries(1));
    ASSERT_EQ(markers.size(), 1);
    Q_EMIT markers.front()->clicked();
    EXPECT_FALSE(chart.modelSeries(1)->isVisible());
    // Still in the legend, greyed, to be clicked back.
    EXPECT_EQ(chart.legend()->markers(chart.modelSeries(1)).size(), 1);
    EXPECT_LT(markers.front()->labelBrush().color().alphaF(), 0.5);
    EXPECT_EQ(chart.crossoverSeries()->count(), 0);
    Q_EMIT markers.front()->clicked();
    EXPECT_TRUE(chart.modelSeries(1)->isVisible());
    EXPECT_EQ(chart.crossoverSeries()->count(), 1);
}

} // namespace
} // namespace ranklab::ui
