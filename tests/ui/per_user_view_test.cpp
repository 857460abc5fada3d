// The Per user tab: table cells are the evaluation's per-user values, sort
// and filters work, the scatter's points are the distinct (A, B) pairs, and
// selecting rows or a rectangle sets the window's selection to exactly those
// users (checked against a brute-force pass over the values); the histogram
// of differences counts every user.
#include <QBarSet>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include <set>

#include "summary_fixture.h"
#include "ui/views/per_user_table_model.h"
#include "ui/views/per_user_view.h"
#include "ui/views/scatter_panel.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

struct Fixture {
    SelectedUsers selection;
    PerUserView view{&selection};
    Fixture() {
        view.setResult(test::exampleComparedResult());
        view.refreshNow();
    }
    const Evaluation& e() const { return *test::exampleEvaluation(); }
};

TEST(PerUserViewTest, CellsAreTheEvaluationsValues) {
    Fixture f;
    const UserPair pair = f.view.pair();
    EXPECT_EQ(pair.a, test::kBroad);  // the comparison's baseline
    EXPECT_NE(pair.b, pair.a);
    PerUserTableModel* model = f.view.tableModel();
    ASSERT_EQ(model->rowCount(), int(f.e().users.size()));
    for (int row : {0, 17, 2999}) {
        EXPECT_EQ(model->userAt(row), f.e().users[std::size_t(row)]);
        for (std::size_t m = 0; m < 3; ++m)
            EXPECT_DOUBLE_EQ(model->index(row, int(m) + 1).data(PerUserTableModel::SortRole).toDouble(),
                             f.e().value(m, std::size_t(row), pair.metric));
        EXPECT_DOUBLE_EQ(model->index(row, model->differenceColumn()).data(PerUserTableModel::SortRole).toDouble(),
                         f.e().value(pair.b, std::size_t(row), pair.metric) -
                             f.e().value(pair.a, std::size_t(row), pair.metric));
    }
}

TEST(PerUserViewTest, SortingAndFilteringKeepTheRightRows) {
    Fixture f;
    PerUserFilter* proxy = f.view.filterModel();
    const UserPair pair = f.view.pair();
    std::size_t better = 0, worse = 0, equal = 0;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) {
        const double d = f.e().value(pair.b, row, pair.metric) - f.e().value(pair.a, row, pair.metric);
        (d > 0 ? better : d < 0 ? worse : equal) += 1;
    }
    proxy->setRelation(PerUserFilter::Relation::BBetter);
    EXPECT_EQ(proxy->rowCount(), int(better));
    proxy->setRelation(PerUserFilter::Relation::ABetter);
    EXPECT_EQ(proxy->rowCount(), int(worse));
    proxy->setRelation(PerUserFilter::Relation::Equal);
    EXPECT_EQ(proxy->rowCount(), int(equal));
    proxy->setRelation(PerUserFilter::Relation::Any);
    f.view.idFilter()->setText(QStringLiteral("u299"));  // among u299, u2990..u2999: those averaged
    int named = 0;
    for (UserId u : f.e().users)
        named += test::exampleDataset()->ids.users.name(u).find("u299") != std::string_view::npos;
    EXPECT_GE(named, 9);
    EXPECT_EQ(proxy->rowCount(), named);
    f.view.idFilter()->clear();
    const int diff = f.view.tableModel()->differenceColumn();
    f.view.table()->sortByColumn(diff, Qt::DescendingOrder);
    double previous = 1e9;
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const double d = proxy->index(row, diff).data(PerUserTableModel::SortRole).toDouble();
        EXPECT_LE(d, previous);
        previous = d;
    }
}

TEST(PerUserViewTest, SelectingRowsSelectsThoseUsersAndTheScatterMarksThem) {
    Fixture f;
    QTableView* table = f.view.table();
    table->sortByColumn(0, Qt::AscendingOrder);
    table->selectionModel()->select(QItemSelection(f.view.filterModel()->index(3, 0), f.view.filterModel()->index(7, 0)),
                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    std::vector<UserId> expected;
    for (int row = 3; row <= 7; ++row)
        expected.push_back(f.view.tableModel()->userAt(f.view.filterModel()->mapToSource(f.view.filterModel()->index(row, 0)).row()));
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(*f.selection.users(), expected);
    ASSERT_NE(f.view.chart(), nullptr);
    ASSERT_NE(f.view.chart()->selection(), nullptr);
    EXPECT_EQ(f.view.chart()->selection()->count(), 5);
}

TEST(PerUserViewTest, ARectangleSelectsTheUsersInsideAsBruteForceFindsThem) {
    Fixture f;
    const UserPair pair = f.view.pair();
    const QRectF box(QPointF(0.2, 0.1), QPointF(0.6, 0.5));
    f.view.selectRectangle(box);
    std::vector<UserId> brute;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) {
        const double a = f.e().value(pair.a, row, pair.metric), b = f.e().value(pair.b, row, pair.metric);
        if (a >= 0.2 && a <= 0.6 && b >= 0.1 && b <= 0.5) brute.push_back(f.e().users[row]);
    }
    ASSERT_FALSE(brute.empty());
    EXPECT_EQ(*f.selection.users(), brute);
    // The table follows: exactly those rows are selected.
    EXPECT_EQ(f.view.table()->selectionModel()->selectedRows().size(), qsizetype(brute.size()));
    EXPECT_EQ(f.selection.origin(), QStringLiteral("scatter"));

    // A drag on the panel maps pixels to the same kind of value rectangle.
    f.view.resize(1200, 700);
    f.view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&f.view));
    const QRectF dragged = f.view.chartPanel()->valueRect(QPoint(100, 100), QPoint(300, 350));
    EXPECT_LT(dragged.left(), dragged.right());
    EXPECT_LT(dragged.top(), dragged.bottom());
}

TEST(PerUserViewTest, ScatterPointsAndHistogramCountEveryUser) {
    Fixture f;
    const UserPair pair = f.view.pair();
    std::set<std::pair<double, double>> distinct;
    for (std::size_t row = 0; row < f.e().users.size(); ++row)
        distinct.insert({f.e().value(pair.a, row, pair.metric), f.e().value(pair.b, row, pair.metric)});
    ASSERT_NE(f.view.chart()->points(), nullptr);
    EXPECT_EQ(std::size_t(f.view.chart()->points()->count()), distinct.size());
    for (const QPointF& p : f.view.chart()->points()->points()) EXPECT_TRUE(distinct.count({p.x(), p.y()}));

    f.view.kindBox()->setCurrentIndex(1);
    Q_EMIT f.view.kindBox()->activated(1);
    ASSERT_NE(f.view.chart()->bars(), nullptr);
    double users = 0;
    for (int i = 0; i < f.view.chart()->bars()->count(); ++i) users += f.view.chart()->bars()->at(i);
    EXPECT_EQ(users, double(f.e().users.size()));
    EXPECT_TRUE(f.view.exportCaption().contains(QStringLiteral("3,000 users")));
}

TEST(PerUserViewTest, DoubleClickOrShowUserActivatesTheCurrentUser) {
    Fixture f;
    QSignalSpy activated(&f.view, &PerUserView::userActivated);
    const QModelIndex at = f.view.filterModel()->index(4, 0);
    f.view.table()->setCurrentIndex(at);
    Q_EMIT f.view.table()->doubleClicked(at);
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(activated.at(0).at(0).value<UserId>(),
              f.view.tableModel()->userAt(f.view.filterModel()->mapToSource(at).row()));
}

} // namespace
} // namespace ranklab::ui
