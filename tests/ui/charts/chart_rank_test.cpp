// The rank chart: one bar per rank 1..K and a not-retrieved bar, equal to
// the core's histogram; the CDF line equal to its cdf.
#include <QBarSet>
#include <QLineSeries>

#include <gtest/gtest.h>

#include "io/dataset_loader.h"
#include "compare/rank_distribution.h"
#include "ui/charts/rank_chart.h"
#include "ui/model_colors.h"

namespace ranklab::ui {
namespace {

// By hand: 4 users; first relevant items at ranks 1, 1 and 3, one user none.
RankHistogram handHistogram() {
    RankHistogram h;
    h.counts = {2, 0, 1};
    h.notRetrieved = 1;
    h.total = 4;
    h.cdf = {0.5, 0.5, 0.75};
    return h;
}

TEST(RankChartTest, BarsAreTheCountsThenNotRetrieved) {
    const QList<qreal> bars = rankBarValues(handHistogram());
    EXPECT_EQ(bars, (QList<qreal>{2, 0, 1, 1}));
    const QList<QPointF> cdf = cdfPoints(handHistogram());
    EXPECT_EQ(cdf, (QList<QPointF>{{0, 0.5}, {1, 0.5}, {2, 0.75}}));
}

TEST(RankChartTest, FirstAndAllSwitchTheHistogram) {
    RankDistributions d;
    d.kmax = 3;
    ModelRankDistribution m;
    m.model = "a";
    m.first = handHistogram();
    m.all.counts = {3, 1, 1};
    m.all.notRetrieved = 2;
    m.all.total = 7;
    m.all.cdf = {3.0 / 7, 4.0 / 7, 5.0 / 7};
    d.models = {m};
    const QList<ModelLook> looks{{"a", paletteColor(0), true}};
    const RankChart first(d, looks, {});
    ASSERT_NE(first.barSet(0), nullptr);
    EXPECT_EQ(first.barSet(0)->count(), 4);
    EXPECT_DOUBLE_EQ(first.barSet(0)->at(0), 2);
    EXPECT_DOUBLE_EQ(first.barSet(0)->at(3), 1);
    const RankChart all(d, looks, {.kind = RankHistogramKind::All, .logCounts = true});
    EXPECT_DOUBLE_EQ(all.barSet(0)->at(0), 3);
    EXPECT_DOUBLE_EQ(all.barSet(0)->at(3), 2);
    EXPECT_DOUBLE_EQ(all.cdfSeries(0)->at(2).y(), 5.0 / 7);
}

TEST(RankChartTest, BarsEqualTheCoreHistogramOnRealRuns) {
    DatasetSources sources;
    sources.judgments = RANKLAB_TEST_DATA "/compare/qrels.txt";
    for (const char* name : {"strong", "weak"})
        sources.runs.push_back({name, std::string(RANKLAB_TEST_DATA "/compare/") + name + ".trec", {}});
    const Dataset data = loadDataset(sources, ReadOptions{});
    RankCache cache;
    const RankDistributions result = computeRankDistributions(data, EvalSettings{}, 0, cache);
    ASSERT_EQ(result.kmax, 10u);
    QList<ModelLook> looks{{"strong", paletteColor(0), true}, {"weak", paletteColor(1), false}};
    const RankChart chart(result, looks, {});
    EXPECT_EQ(chart.barSet(1), nullptr);  // hidden model
    const RankHistogram& h = result.models[0].first;
    ASSERT_EQ(chart.barSet(0)->count(), 11);
    double sum = 0;
    for (int r = 0; r < 10; ++r) {
        EXPECT_DOUBLE_EQ(chart.barSet(0)->at(r), h.counts[std::size_t(r)]) << "rank " << r + 1;
        EXPECT_DOUBLE_EQ(chart.cdfSeries(0)->at(r).y(), h.cdf[std::size_t(r)]);
        sum += chart.barSet(0)->at(r);
    }
    EXPECT_DOUBLE_EQ(chart.barSet(0)->at(10), h.notRetrieved);
    // Every one of the 30 users lands in exactly one bar.
    EXPECT_NEAR(sum + chart.barSet(0)->at(10), 30.0, 1e-9);
}

} // namespace
} // namespace ranklab::ui
