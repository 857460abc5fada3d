// The cohort chart: bars are the cohort means, whiskers span the CI at each
// bar's centre, the cohorts whose best differs are shaded.
#include <QAreaSeries>
#include <QBarSet>
#include <QLineSeries>
#include <QScatterSeries>

#include <gtest/gtest.h>

#include "ui/charts/cohort_chart.h"
#include "ui/charts/tie_band_chart.h"
#include "ui/model_colors.h"

namespace ranklab::ui {
namespace {

stats::MeanSummary summary(double mean, double lo, double hi) {
    stats::MeanSummary s;
    s.moments.n = 10;
    s.moments.mean = mean;
    s.t.lo = lo;
    s.t.hi = hi;
    return s;
}

stats::Comparison comparison(std::size_t users, double a, double b) {
    stats::Comparison c;
    c.metrics = {0};
    c.metricIds = {"ndcg@10"};
    c.models = {"a", "b"};
    c.means = {{summary(a, a - 0.1, a + 0.1)}, {summary(b, b - 0.05, b + 0.05)}};
    c.best = {a >= b ? 0u : 1u};
    c.users = users;
    return c;
}

// Overall a wins; in cohort "1" a wins too, in "2-5" b wins.
CohortComparison handCohorts() {
    CohortComparison r;
    r.overall = comparison(20, 0.5, 0.4);
    r.cohorts.push_back({"1", 12, comparison(12, 0.6, 0.3), {false}, {false}, std::nullopt});
    r.cohorts.push_back({"2-5", 8, comparison(8, 0.35, 0.55), {true}, {false}, std::nullopt});
    return r;
}

const QList<ModelLook> kLooks{{"a", QColor(Qt::red), true}, {"b", QColor(Qt::blue), true}};

TEST(CohortChartTest, BarsAreTheMeansOfEachGroup) {
    const CohortChart chart(handCohorts(), kLooks, {});
    ASSERT_EQ(chart.groups().size(), 3u);  // all users, "1", "2-5"
    EXPECT_EQ(chart.barSet(0)->count(), 3);
    EXPECT_DOUBLE_EQ(chart.barSet(0)->at(0), 0.5);
    EXPECT_DOUBLE_EQ(chart.barSet(0)->at(1), 0.6);
    EXPECT_DOUBLE_EQ(chart.barSet(1)->at(2), 0.55);
}

TEST(CohortChartTest, WhiskersSpanTheCiAtTheBarCentre) {
    const CohortChart chart(handCohorts(), kLooks, {});
    // Model b in cohort "2-5" (group 2): two bars share 0.8 of the slot, b's
    // centre is at 2 - 0.4 + 0.2 + 0.4 = 2.2; CI 0.55 ± 0.05.
    QLineSeries* w = chart.whisker(1, 2);
    ASSERT_NE(w, nullptr);
    double lo = 1, hi = 0;
    for (const QPointF& p : w->points()) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
    EXPECT_DOUBLE_EQ(lo, 0.5);
    EXPECT_DOUBLE_EQ(hi, 0.6);
    EXPECT_NEAR(w->at(2).x(), 2.2, 1e-12);
}

TEST(CohortChartTest, OnlyCohortsWhoseBestDiffersAreShaded) {
    const CohortChart chart(handCohorts(), kLooks, {});
    ASSERT_NE(chart.highlight(), nullptr);
    EXPECT_FALSE(chart.groups()[1].bestDiffers);
    EXPECT_TRUE(chart.groups()[2].bestDiffers);
    // The shade is high only over group 2's slot, x in [1.5, 2.5].
    // Two points per group: (g - 0.5, h), (g + 0.5, h).
    const QList<QPointF> shade = chart.highlight()->upperSeries()->points();
    ASSERT_EQ(shade.size(), 6);
    EXPECT_DOUBLE_EQ(shade[4].x(), 1.5);
    EXPECT_DOUBLE_EQ(shade[5].x(), 2.5);
    EXPECT_EQ(shade[4].y(), shade[5].y());
    for (int i = 0; i < 4; ++i) EXPECT_LT(shade[i].y(), shade[4].y()) << i;
    CohortComparison same = handCohorts();
    same.cohorts[1].bestDiffers = {false};
    EXPECT_EQ(CohortChart(same, kLooks, {}).highlight(), nullptr);
}

TEST(TieBandChartTest, EachRowSpansPessimisticToOptimisticWithTheChosenDot) {
    TieSensitivity t;
    t.users = 10;
    t.models = {{"a", {TieBand{0, "ndcg@10", 0.42, 0.45, 0.40, 3, 4}}, 100, 20},
                {"b", {TieBand{0, "ndcg@10", 0.30, 0.30, 0.30, 0, 0}}, 100, 0}};
    const TieBandChart chart(t, 0, kLooks);
    ASSERT_EQ(chart.rows().size(), 2u);
    EXPECT_DOUBLE_EQ(chart.band(0)->at(0).x(), 0.40);
    EXPECT_DOUBLE_EQ(chart.band(0)->at(1).x(), 0.45);
    EXPECT_DOUBLE_EQ(chart.chosen()->at(0).x(), 0.42);
    EXPECT_DOUBLE_EQ(chart.band(1)->at(0).x(), chart.band(1)->at(1).x());  // no ties: a point
    QList<ModelLook> looks = kLooks;
    looks[0].visible = false;
    EXPECT_EQ(TieBandChart(t, 0, looks).rows().size(), 1u);
}

} // namespace
} // namespace ranklab::ui
