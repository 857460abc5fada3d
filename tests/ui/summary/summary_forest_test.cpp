// The forest plot under the Summary: one point and whisker per model other
// than the baseline, at the mean paired difference and its CI recomputed
// here from the per-user values (t) or taken from the comparison
// (bootstrap), filled where the difference is significant; and in the view,
// the default column, a click choosing another, and all pairs.
#include "ui/charts/forest_chart.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTableView>
#include <QTest>
#include <QValueAxis>

#include <boost/math/distributions/students_t.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "ui/summary_fixture.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/summary_view.h"
#include "ui/views/chart_panel.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

struct Hand {
    double diff = 0, lo = 0, hi = 0;
};

Hand byHand(const Evaluation& e, std::size_t model, std::size_t baseline, std::size_t metric) {
    const test::PairedByHand d = test::pairedByHand(e, model, baseline, metric);
    const double half = boost::math::quantile(boost::math::students_t(double(d.n - 1)), 0.975) * d.se;
    return {d.mean, d.mean - half, d.mean + half};
}

std::pair<double, double> xRange(const QLineSeries* s) {
    double lo = INFINITY, hi = -INFINITY;
    for (const QPointF& p : s->points()) {
        lo = std::min(lo, p.x());
        hi = std::max(hi, p.x());
    }
    return {lo, hi};
}

} // namespace

TEST(SummaryForestTest, PointsAndWhiskersAreTheMeanDifferencesAndTheirTIntervals) {
    const auto result = test::exampleComparedResult();
    const Evaluation& e = *result->evaluation;
    const std::size_t metric = e.metricIndex("ndcg@10");
    ForestChart chart(*result->comparison, metric, result->models, CiKind::T);
    ASSERT_EQ(chart.rows().size(), 2u);  // toprank and popularity against broad
    EXPECT_EQ(chart.pointSeries(test::kBroad), nullptr);
    for (std::size_t m : {std::size_t(0), std::size_t(2)}) {
        const Hand h = byHand(e, m, test::kBroad, metric);
        QScatterSeries* point = chart.pointSeries(m);
        ASSERT_NE(point, nullptr);
        ASSERT_EQ(point->count(), 1);
        EXPECT_NEAR(point->at(0).x(), h.diff, 1e-12);
        EXPECT_EQ(point->at(0).y(), chart.rowPosition(m));
        const auto [lo, hi] = xRange(chart.whiskerSeries(m));
        EXPECT_NEAR(lo, h.lo, 1e-9);
        EXPECT_NEAR(hi, h.hi, 1e-9);
        for (const QPointF& p : chart.whiskerSeries(m)->points()) EXPECT_NEAR(p.y(), chart.rowPosition(m), 0.2);
        // Filled in the model's colour where significant, hollow where not.
        const stats::PairComparison* pair = result->comparison->find(m, test::kBroad, metric);
        const bool significant = pair->tests.front().significant;
        EXPECT_EQ(point->color(), significant ? result->models[int(m)].color : QColor(Qt::white));
    }
    EXPECT_EQ(chart.rowPosition(0), 1.0);  // the first model on top
    EXPECT_EQ(chart.rowPosition(2), 0.0);
    EXPECT_EQ(chart.zeroLine()->at(0).x(), 0.0);
}

TEST(SummaryForestTest, BootstrapWhiskersAreThePairedBootstrapIntervals) {
    const auto result = test::exampleComparedResult();
    const std::size_t metric = result->evaluation->metricIndex("hr@5");
    ForestChart chart(*result->comparison, metric, result->models, CiKind::Bootstrap);
    for (std::size_t m : {std::size_t(0), std::size_t(2)}) {
        const stats::PairComparison* p = result->comparison->find(m, test::kBroad, metric);
        ASSERT_TRUE(p && p->ciBootstrap);
        const auto [lo, hi] = xRange(chart.whiskerSeries(m));
        EXPECT_EQ(lo, p->ciBootstrap->lo);
        EXPECT_EQ(hi, p->ciBootstrap->hi);
        EXPECT_LT(lo, chart.pointSeries(m)->at(0).x());
        EXPECT_GT(hi, chart.pointSeries(m)->at(0).x());
    }
    EXPECT_NE(chart.description().indexOf(QStringLiteral("bootstrap")), -1);
}

TEST(SummaryForestTest, AHiddenModelIsLeftOut) {
    auto result = test::exampleResult(test::exampleOptions());
    result->models[2].visible = false;
    ForestChart chart(*result->comparison, 0, result->models, CiKind::T);
    ASSERT_EQ(chart.rows().size(), 1u);
    EXPECT_EQ(chart.rows()[0].model, 0u);
    EXPECT_EQ(chart.pointSeries(2), nullptr);
}

TEST(SummaryForestTest, TheViewPlotsTheLargestCutoffUpToTwentyThenTheColumnClicked) {
    SummaryView view;
    view.resize(1000, 700);
    view.setResult(test::exampleComparedResult());
    const Evaluation& e = *test::exampleEvaluation();
    ForestPane* forest = view.forestPane();
    ASSERT_TRUE(forest->metric());
    EXPECT_EQ(e.settings.metrics[*forest->metric()].id(), "ndcg@10");  // ndcg,hr,ap,rr at 5,10
    ASSERT_NE(forest->chart(), nullptr);
    EXPECT_EQ(forest->chart()->rows().size(), 2u);

    QTableView* table = view.tableView();
    const std::size_t ap5 = e.metricIndex("ap@5");
    int column = -1;
    for (int c = 1; c < table->model()->columnCount(); ++c)
        if (table->model()->headerData(c, Qt::Horizontal).toString() == QStringLiteral("ap@5")) column = c;
    ASSERT_GT(column, 0);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    table->scrollTo(table->model()->index(0, column));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(0, column)).center());
    EXPECT_EQ(forest->metric(), ap5);
    ASSERT_NE(forest->chart(), nullptr);
    const stats::PairComparison* p = test::exampleComparedResult()->comparison->find(0, test::kBroad, ap5);
    EXPECT_EQ(forest->chart()->pointSeries(0)->at(0).x(), p->meanDiff);
    // The export builds the same chart, with a caption naming the settings.
    auto exported = forest->makeExportChart();
    ASSERT_NE(exported, nullptr);
    EXPECT_NE(forest->exportCaption().indexOf(QStringLiteral("ap@5")), -1);
}

TEST(SummaryForestTest, AllPairsAndComputingShowAPlaceholderInstead) {
    SummaryView view;
    view.setResult(test::exampleResult(std::nullopt));
    EXPECT_EQ(view.forestPane()->chart(), nullptr);
    EXPECT_NE(view.forestPane()->chartPanel()->placeholder().indexOf(QStringLiteral("Computing")), -1);
    stats::ComparisonOptions options = test::exampleOptions();
    options.baseline.reset();
    options.bootstrapIntervals = false;
    view.setResult(test::exampleResult(options, 2));
    EXPECT_EQ(view.forestPane()->chart(), nullptr);
    EXPECT_NE(view.forestPane()->chartPanel()->placeholder().indexOf(QStringLiteral("baseline")), -1);
}

TEST(SummaryForestTest, AnAbsoluteOrRelativeDeltaIsShadedFromMinusToPlusDeltaInView) {
    // No δ: no band.
    {
        const auto result = test::exampleComparedResult();
        ForestChart chart(*result->comparison, result->evaluation->metricIndex("ndcg@10"), result->models, CiKind::T);
        EXPECT_EQ(chart.deltaBand(), nullptr);
        EXPECT_FALSE(std::isfinite(chart.delta()));
    }
    for (const char* given : {"0.01", "5%"}) {
        stats::ComparisonOptions options = test::exampleOptions();
        options.minEffect = stats::parseMinEffects(given);
        const auto result = test::exampleResult(options);
        const Evaluation& e = *result->evaluation;
        const std::size_t metric = e.metricIndex("ndcg@10");
        // δ by hand: as given, or that share of the baseline's (broad's) mean.
        double delta = 0.01;
        if (std::string(given) == "5%") {
            double sum = 0;
            for (std::size_t u = 0; u < e.users.size(); ++u) sum += e.value(test::kBroad, u, metric);
            delta = 0.05 * sum / double(e.users.size());
        }
        ForestChart chart(*result->comparison, metric, result->models, CiKind::T);
        ASSERT_NE(chart.deltaBand(), nullptr) << given;
        EXPECT_NEAR(chart.delta(), delta, 1e-12) << given;
        const auto [lo, hi] = xRange(chart.deltaBand()->upperSeries());
        EXPECT_NEAR(lo, -delta, 1e-12);
        EXPECT_NEAR(hi, delta, 1e-12);
        // The band spans every row and is inside the axis's range.
        const auto* x = qobject_cast<QValueAxis*>(chart.axes(Qt::Horizontal).front());
        ASSERT_NE(x, nullptr);
        EXPECT_LE(x->min(), -delta);
        EXPECT_GE(x->max(), delta);
        EXPECT_TRUE(chart.description().contains(QStringLiteral("±δ"))) << chart.description().toStdString();
    }
}
