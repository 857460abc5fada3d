// The Rank distribution tab: its bars and CDF are computeRankDistributions'
// numbers (called here directly), the kind and K controls pick what is
// drawn, the summary line states the core's retrieved share, and a
// selection restricts the users counted.
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QSpinBox>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/view_fixture.h"
#include "ui/job_tracker.h"
#include "ui/views/rank_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

using test::settle;

RankDistributions coreRanks(std::uint32_t kmax, std::shared_ptr<const std::vector<UserId>> only = nullptr) {
    EvalSettings settings = test::exampleEvaluation()->settings;
    settings.metrics.clear();
    settings.onlyUsers = std::move(only);
    RankCache cache;
    return computeRankDistributions(*test::exampleDataset(), settings, kmax, cache);
}

void expectBars(const RankView& view, const RankDistributions& core, bool all) {
    ASSERT_NE(view.chart(), nullptr);
    for (std::size_t m = 0; m < core.models.size(); ++m) {
        const QBarSet* set = view.chart()->barSet(m);
        ASSERT_NE(set, nullptr);
        const RankHistogram& h = all ? core.models[m].all : core.models[m].first;
        ASSERT_EQ(std::size_t(set->count()), h.counts.size() + 1);
        for (std::size_t r = 0; r < h.counts.size(); ++r) EXPECT_DOUBLE_EQ(set->at(qsizetype(r)), h.counts[r]) << r;
        EXPECT_DOUBLE_EQ(set->at(set->count() - 1), h.notRetrieved);
    }
}

TEST(RankViewTest, BarsAndCdfAreTheCoresHistograms) {
    SelectedUsers selection;
    RankView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    const RankDistributions core = coreRanks(RankView::kDefaultKmax);
    expectBars(view, core, false);
    const QLineSeries* cdf = view.chart()->cdfSeries(0);
    ASSERT_NE(cdf, nullptr);
    EXPECT_DOUBLE_EQ(cdf->at(cdf->count() - 1).y(), core.models[0].first.cdf.back());
    const QString share = QString::number(100.0 * core.models[0].first.retrievedShare(), 'f', 1);
    EXPECT_TRUE(view.summaryLabel()->text().contains(share + QLatin1Char('%'))) << view.summaryLabel()->text().toStdString();

    view.kindBox()->setCurrentIndex(1);  // every relevant item: redraws only
    Q_EMIT view.kindBox()->activated(1);
    expectBars(view, core, true);
    view.cdfBox()->setChecked(false);
    EXPECT_EQ(view.chart()->cdfSeries(0), nullptr);
}

TEST(RankViewTest, KAndTheSelectionRecompute) {
    SelectedUsers selection;
    RankView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    view.kmaxBox()->setValue(7);
    const auto& users = test::exampleEvaluation()->users;
    selection.setUsers(std::vector<UserId>(users.begin() + 100, users.begin() + 300));
    selection.setRestricting(true);
    ASSERT_TRUE(settle(view));
    const RankDistributions core = coreRanks(7, selection.users());
    EXPECT_DOUBLE_EQ(core.models[0].first.total, 200.0);
    expectBars(view, core, false);
    EXPECT_TRUE(view.exportCaption().contains(QStringLiteral("200 users")));
}

} // namespace
} // namespace ranklab::ui
