// The Per user chart follows the tab's filters (the relation to A and the
// id text), its histogram can leave the exact ties out of its bars (counted
// in the legend) and count on a log axis, and the users at (0, 0) get a
// ring and a legend entry with their count; every number here is counted
// again by brute force over the per-user values, in the real main window.
#include <QCheckBox>
#include <QHeaderView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QTableView>
#include <QValueAxis>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <numeric>

#include "ui/per_user_window.h"
#include "ui/charts/user_scatter_chart.h"
#include "ui/views/per_user_order.h"
#include "ui/views/per_user_table_model.h"

namespace ranklab::ui {
namespace {

using ::testing::HasSubstr;

std::uint64_t sum(const std::vector<std::uint64_t>& v) { return std::accumulate(v.begin(), v.end(), std::uint64_t(0)); }

QStringList legendNames(QChart* chart) {
    QStringList names;
    for (QLegendMarker* m : chart->legend()->markers()) names << m->label();
    return names;
}

TEST(PerUserChartFilterTest, TheChartShowsOnlyTheUsersTheFiltersKeep) {
    test::PerUserWindow w;
    PerUserView* view = w.perUser();
    const UserPair p = view->pair();
    ASSERT_EQ(view->chart()->plot().users, w.e().users.size());  // no filter: everyone

    // "B better": the users with B > A, counted by brute force.
    std::vector<std::size_t> better;
    for (std::size_t row = 0; row < w.e().users.size(); ++row)
        if (w.value(p.b, row) > w.value(p.a, row)) better.push_back(row);
    ASSERT_GT(better.size(), 0u);
    ASSERT_LT(better.size(), w.e().users.size());
    w.choose(view->relationBox(), view->relationBox()->findData(int(PerUserRelation::BBetter)));
    const DensityPlot& plot = view->chart()->plot();
    EXPECT_EQ(plot.users, better.size());
    EXPECT_EQ(plot.totalUsers, w.e().users.size());
    EXPECT_EQ(sum(plot.grid.counts), better.size());
    EXPECT_EQ(sum(plot.differenceCounts), better.size());
    EXPECT_EQ(view->tableModel()->rowCount(), int(better.size()));
    // On the histogram too: every bar right of 0.
    w.choose(view->kindBox(), 1);
    const stats::Bins& bins = view->chart()->plot().differenceBins;
    for (std::size_t i = 0; i < bins.count(); ++i)
        if (bins.edge(i + 1) <= 0) {
            EXPECT_EQ(view->chart()->barCounts()[i], 0u) << "bin " << i;
        }

    // And an id filter on top: the users whose id holds "1" among them.
    view->idFilter()->setText(QStringLiteral("1"));
    ASSERT_TRUE(w.settle());
    std::size_t kept = 0;
    for (std::size_t row : better)
        kept += QString::fromUtf8(w.data().ids.users.name(w.e().users[row])).contains(QLatin1Char('1'));
    ASSERT_GT(kept, 0u);
    EXPECT_EQ(view->chart()->plot().users, kept);
    EXPECT_EQ(sum(view->chart()->barCounts()), kept);
    EXPECT_EQ(view->chartRows()->size(), kept);

    // Sorting the table leaves the chart as it is.
    const DensityPlot* before = &view->chart()->plot();
    view->table()->horizontalHeader()->setSortIndicator(1, Qt::DescendingOrder);
    ASSERT_TRUE(w.settle());
    EXPECT_EQ(&view->chart()->plot(), before);
}

TEST(PerUserChartFilterTest, ExactTiesCanLeaveTheBarsAndAreCountedInTheLegend) {
    test::PerUserWindow w;
    PerUserView* view = w.perUser();
    w.choose(view->kindBox(), 1);  // the histogram of B − A
    const UserPair p = view->pair();
    std::uint64_t ties = 0;
    for (std::size_t row = 0; row < w.e().users.size(); ++row) ties += w.value(p.b, row) == w.value(p.a, row);
    ASSERT_GT(ties, 0u);
    const DensityPlot& plot = view->chart()->plot();
    EXPECT_EQ(plot.exactTies, ties);
    const auto zero = plot.differenceBins.index(0.0);
    ASSERT_TRUE(zero);
    const std::uint64_t atZero = plot.differenceCounts[*zero];
    EXPECT_EQ(view->chart()->barCounts()[*zero], atZero);  // in the bars by default
    const QString count = QLocale(QLocale::English).toString(qulonglong(ties));
    EXPECT_THAT(legendNames(view->chart()).join('|').toStdString(), HasSubstr(count.toStdString() + " users"));

    // Apart: the bar at 0 loses exactly the ties, the others keep theirs.
    EXPECT_TRUE(view->tiesBox()->isEnabled());
    w.choose(view->tiesBox(), 1);
    UserScatterChart* chart = view->chart();
    ASSERT_TRUE(chart->options().tiesApart);
    EXPECT_EQ(chart->barCounts()[*zero], atZero - ties);
    EXPECT_EQ(sum(chart->barCounts()), w.e().users.size() - ties);
    EXPECT_THAT(legendNames(chart).join('|').toStdString(), HasSubstr("left out of the bars"));
    // The tallest bar is now what the axis scales to, not the spike.
    auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0));
    ASSERT_TRUE(y);
    const std::uint64_t tallest = *std::max_element(chart->barCounts().begin(), chart->barCounts().end());
    EXPECT_LT(y->max(), double(atZero));
    EXPECT_GE(y->max(), double(tallest));

    // Log counts: a logarithmic count axis reaching the tallest bar.
    view->logCountsBox()->click();
    ASSERT_TRUE(w.settle());
    chart = view->chart();
    ASSERT_TRUE(chart->options().logCounts);
    auto* log = qobject_cast<QLogValueAxis*>(chart->axes(Qt::Vertical).value(0));
    ASSERT_TRUE(log);
    EXPECT_LT(log->min(), 1.0);
    EXPECT_GE(log->max(), double(tallest));
    // Back on the density plot the histogram's controls are disabled.
    w.choose(view->kindBox(), 0);
    EXPECT_FALSE(view->tiesBox()->isEnabled());
    EXPECT_FALSE(view->logCountsBox()->isEnabled());
}

TEST(PerUserChartFilterTest, TheUsersAtTheOriginGetARingAndTheirCount) {
    test::PerUserWindow w;
    PerUserView* view = w.perUser();
    const UserPair p = view->pair();
    std::uint64_t origin = 0;
    for (std::size_t row = 0; row < w.e().users.size(); ++row)
        origin += w.value(p.a, row) == 0 && w.value(p.b, row) == 0;
    ASSERT_GT(origin, 0u);
    EXPECT_EQ(view->chart()->plot().atOrigin, origin);
    QScatterSeries* ring = view->chart()->originMarker();
    ASSERT_TRUE(ring);
    ASSERT_EQ(ring->count(), 1);
    EXPECT_EQ(ring->at(0), QPointF(0, 0));
    const QString count = QLocale(QLocale::English).toString(qulonglong(origin));
    EXPECT_THAT(ring->name().toStdString(), HasSubstr(count.toStdString() + " users"));
    EXPECT_THAT(ring->name().toStdString(), HasSubstr("at (0, 0)"));
    // Its size grows with the share: more users at the origin, a larger ring.
    const double all = ring->markerSize();
    w.choose(view->relationBox(), view->relationBox()->findData(int(PerUserRelation::Equal)));
    QScatterSeries* tiesRing = view->chart()->originMarker();
    ASSERT_TRUE(tiesRing);
    EXPECT_EQ(view->chart()->plot().atOrigin, origin);  // every (0, 0) user is a tie
    EXPECT_GT(tiesRing->markerSize(), all);
}

} // namespace
} // namespace ranklab::ui
