// "Most different users" in the Per user tab: the Jaccard overlap of two
// top-k lists by hand; in the real main window, the ranking by |B − A| and
// by overlap recomputed by brute force from the per-user values and each
// user's two ranked lists; sorting the table by a column; a double-click
// opening the User tab on that user with only A and B side by side.
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "ui/per_user_window.h"
#include "rank/ranker.h"
#include "ui/views/most_different.h"
#include "ui/views/most_different_panel.h"

namespace ranklab::ui {
namespace {

using ::testing::HasSubstr;

TEST(MostDifferentTest, JaccardOfTheTopKIsTheSharedItemsOverAllItems) {
    // Top 3: {1, 2, 3} and {3, 4, 1}: 2 shared of 4 items.
    EXPECT_DOUBLE_EQ(topKJaccard({1, 2, 3, 9}, {3, 4, 1, 2}, 3), 2.0 / 4.0);
    // Same items in another order: 1.
    EXPECT_DOUBLE_EQ(topKJaccard({1, 2, 3}, {3, 2, 1}, 3), 1.0);
    // Disjoint: 0. Both empty: identical, 1. One empty: 0.
    EXPECT_DOUBLE_EQ(topKJaccard({1, 2}, {3, 4}, 5), 0.0);
    EXPECT_DOUBLE_EQ(topKJaccard({}, {}, 5), 1.0);
    EXPECT_DOUBLE_EQ(topKJaccard({1}, {}, 5), 0.0);
    // Shorter lists than k: what they hold ({1, 2} and {2}: 1 of 2).
    EXPECT_DOUBLE_EQ(topKJaccard({1, 2}, {2}, 10), 0.5);
}

// Every user's (|B − A|, Jaccard of the top k) recomputed from the values
// and from rankUser's lists with a std::set, as the panel documents them.
struct Brute {
    UserId user;
    double delta, jaccard;
};

std::vector<Brute> bruteForce(const test::PerUserWindow& w, const UserPair& p, std::uint32_t k) {
    const Dataset& data = w.data();
    const EvalSettings& s = w.e().settings;
    RankOptions options;
    options.ties = s.ties;
    options.exclusions = s.useExclusions && data.exclusions ? &*data.exclusions : nullptr;
    options.maxLength = s.maxLength;
    EXPECT_NE(s.ties, TiePolicy::Trec);  // the example workspace's default policy needs no item order
    std::vector<Brute> out;
    for (std::size_t row = 0; row < w.e().users.size(); ++row) {
        const UserId u = w.e().users[row];
        std::set<ItemId> a, b, both;
        const auto la = rankUser(data.models[p.a].run, data.judgments, u, options);
        const auto lb = rankUser(data.models[p.b].run, data.judgments, u, options);
        for (std::size_t i = 0; i < la.size() && i < k; ++i) a.insert(la[i].item);
        for (std::size_t i = 0; i < lb.size() && i < k; ++i) b.insert(lb[i].item);
        for (ItemId i : a)
            if (b.count(i)) both.insert(i);
        const std::size_t either = a.size() + b.size() - both.size();
        out.push_back({u, w.value(p.b, row) - w.value(p.a, row), either ? double(both.size()) / double(either) : 1.0});
    }
    return out;
}

struct Fixture : test::PerUserWindow {
    MostDifferentPanel* panel() const { return perUser()->mostDifferent(); }
    bool settlePanel() {
        return QTest::qWaitFor([&] { return panel()->shown() && !panel()->jobs()->isBusy(); }, test::kWaitMs);
    }
    void openPanel() {
        perUser()->leftTabs()->setCurrentWidget(panel());
        ASSERT_TRUE(panel()->isVisible());
        ASSERT_TRUE(settlePanel());
    }
    std::vector<UserId> shownUsers() const {
        std::vector<UserId> users;
        for (int row = 0; row < panel()->table()->model()->rowCount(); ++row) users.push_back(panel()->userAt(row));
        return users;
    }
};

TEST(MostDifferentTest, ByDeltaTheUsersAreThoseWithTheLargestDifference) {
    Fixture w;
    w.openPanel();
    MostDifferentPanel* panel = w.panel();
    const UserPair p = w.perUser()->pair();
    ASSERT_NE(p.a, p.b);
    const std::uint32_t k = std::uint32_t(panel->depthBox()->value());
    // The depth starts at the column's cutoff (ndcg@10: 10).
    EXPECT_EQ(k, w.e().settings.metrics[p.metric].cutoff);
    std::vector<Brute> brute = bruteForce(w, p, k);
    std::sort(brute.begin(), brute.end(), [](const Brute& x, const Brute& y) {
        if (std::abs(x.delta) != std::abs(y.delta)) return std::abs(x.delta) > std::abs(y.delta);
        if (x.jaccard != y.jaccard) return x.jaccard < y.jaccard;
        return x.user < y.user;
    });
    const std::size_t n = std::min<std::size_t>(MostDifferentPanel::kRows, brute.size());
    ASSERT_EQ(panel->table()->model()->rowCount(), int(n));
    std::vector<UserId> expected;
    for (std::size_t i = 0; i < n; ++i) expected.push_back(brute[i].user);
    EXPECT_EQ(w.shownUsers(), expected);
    // The cells: B − A and the Jaccard of the top row.
    const QAbstractItemModel* m = panel->table()->model();
    EXPECT_NEAR(m->index(0, 4).data(MostDifferentPanel::SortRole).toDouble(), brute[0].delta, 1e-12);
    EXPECT_NEAR(m->index(0, 6).data(MostDifferentPanel::SortRole).toDouble(), brute[0].jaccard, 1e-12);
    EXPECT_THAT(panel->caption()->text().toStdString(), HasSubstr("differ most"));

    // Sorted by the Jaccard column (a click on its header): ascending overlap.
    panel->table()->horizontalHeader()->setSortIndicator(6, Qt::AscendingOrder);
    double last = -1;
    for (int row = 0; row < m->rowCount(); ++row) {
        const double j = m->index(row, 6).data(MostDifferentPanel::SortRole).toDouble();
        EXPECT_GE(j, last) << "row " << row;
        last = j;
    }
}

TEST(MostDifferentTest, ByOverlapTheUsersAreThoseWhoseListsShareLeast) {
    Fixture w;
    w.openPanel();
    MostDifferentPanel* panel = w.panel();
    panel->depthBox()->setValue(5);
    w.choose(panel->keyBox(), 1);
    ASSERT_TRUE(w.settlePanel());
    ASSERT_EQ(panel->shown()->spec.k, 5u);
    ASSERT_EQ(panel->shown()->spec.key, DifferenceKey::Overlap);
    const UserPair p = w.perUser()->pair();
    std::vector<Brute> brute = bruteForce(w, p, 5);
    std::sort(brute.begin(), brute.end(), [](const Brute& x, const Brute& y) {
        if (x.jaccard != y.jaccard) return x.jaccard < y.jaccard;
        if (std::abs(x.delta) != std::abs(y.delta)) return std::abs(x.delta) > std::abs(y.delta);
        return x.user < y.user;
    });
    std::vector<UserId> expected;
    for (std::size_t i = 0; i < std::min<std::size_t>(MostDifferentPanel::kRows, brute.size()); ++i)
        expected.push_back(brute[i].user);
    EXPECT_EQ(w.shownUsers(), expected);
    EXPECT_THAT(panel->caption()->text().toStdString(), HasSubstr("overlap"));
}

TEST(MostDifferentTest, DoubleClickingAUserComparesItsTwoListsInTheUserTab) {
    Fixture w;
    w.openPanel();
    MostDifferentPanel* panel = w.panel();
    const UserPair p = w.perUser()->pair();
    const QModelIndex at = panel->table()->model()->index(3, 1);
    const UserId chosen = panel->userAt(3);
    panel->table()->setCurrentIndex(at);
    Q_EMIT panel->table()->doubleClicked(at);
    UserView* user = w.user();
    ASSERT_EQ(w.window.tabs()->currentWidget(), user);
    ASSERT_TRUE(w.settle(user));
    ASSERT_TRUE(user->currentUser());
    EXPECT_EQ(*user->currentUser(), chosen);
    EXPECT_EQ(user->shownModels(), (std::vector<std::size_t>{p.a, p.b}));
    // Two models side by side: rank, item and score of A, then of B.
    QTableWidget* lists = user->listsTable();
    ASSERT_EQ(lists->columnCount(), 6);
    const QString nameA = w.window.workbench()->result()->models[int(p.a)].name;
    const QString nameB = w.window.workbench()->result()->models[int(p.b)].name;
    EXPECT_EQ(lists->horizontalHeaderItem(0)->text(), QStringLiteral("%1 rank").arg(nameA));
    EXPECT_EQ(lists->horizontalHeaderItem(3)->text(), QStringLiteral("%1 rank").arg(nameB));
    EXPECT_TRUE(user->allModelsButton()->isVisible());
    EXPECT_EQ(user->metricsTable()->rowCount(), 2);
    // "All models" brings the third back.
    user->allModelsButton()->click();
    ASSERT_TRUE(w.settle(user));
    EXPECT_EQ(user->listsTable()->columnCount(), 9);
    EXPECT_FALSE(user->allModelsButton()->isVisible());
    // The Compare button does what the double-click does.
    w.window.tabs()->setCurrentWidget(w.perUser());
    ASSERT_TRUE(w.settle());
    panel->table()->setCurrentIndex(panel->table()->model()->index(0, 1));
    panel->compareButton()->click();
    ASSERT_EQ(w.window.tabs()->currentWidget(), user);
    ASSERT_TRUE(w.settle(user));
    EXPECT_EQ(*user->currentUser(), panel->userAt(0));
    EXPECT_EQ(user->listsTable()->columnCount(), 6);
}

} // namespace
} // namespace ranklab::ui
