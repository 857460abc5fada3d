// The Per user tab: table cells are the evaluation's per-user values, sort
// and filters (computed in the background) keep and order the right rows,
// the chart counts every user in its cells or points, and selecting rows or
// a rectangle sets the window's selection to exactly those users (checked
// against a brute-force pass over the values, not the bins); the table
// highlights the selection and the chart marks it.
#include <QComboBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include <set>

#include "ui/summary_fixture.h"
#include "ui/charts/density_item.h"
#include "ui/job_tracker.h"
#include "ui/views/per_user_table_model.h"
#include "ui/views/per_user_view.h"
#include "ui/views/scatter_panel.h"
#include "ui/views/selected_users.h"
#include "ui/view_fixture.h"

namespace ranklab::ui {
namespace {

struct Fixture {
    SelectedUsers selection;
    PerUserView view{&selection};
    Fixture() {
        view.setResult(test::exampleComparedResult());
        EXPECT_TRUE(test::settle(view));
    }
    const Evaluation& e() const { return *test::exampleEvaluation(); }
    bool settle() { return test::settle(view); }
    bool waitRectangle() {
        return QTest::qWaitFor([&] { return !view.rectangleJobs()->isBusy(); }, 60000) && settle();
    }
    void choose(QComboBox* box, int index) {
        box->setCurrentIndex(index);
        Q_EMIT box->activated(index);
        EXPECT_TRUE(settle());
    }
    double value(std::size_t model, std::size_t row) const { return e().value(model, row, view.pair().metric); }
};

TEST(PerUserViewTest, CellsAreTheEvaluationsValues) {
    Fixture f;
    const UserPair pair = f.view.pair();
    EXPECT_EQ(pair.a, test::kBroad);  // the comparison's baseline
    EXPECT_NE(pair.b, pair.a);
    PerUserTableModel* model = f.view.tableModel();
    ASSERT_EQ(model->rowCount(), int(f.e().users.size()));
    for (int row : {0, 17, 2999}) {
        const std::size_t r = model->evaluationRow(row);
        EXPECT_EQ(model->userAt(row), f.e().users[r]);
        for (std::size_t m = 0; m < 3; ++m)
            EXPECT_DOUBLE_EQ(model->index(row, PerUserTableModel::firstModelColumn() + int(m))
                                 .data(PerUserTableModel::SortRole).toDouble(),
                             f.value(m, r));
        EXPECT_DOUBLE_EQ(model->index(row, model->differenceColumn()).data(PerUserTableModel::SortRole).toDouble(),
                         f.value(pair.b, r) - f.value(pair.a, r));
    }
}

TEST(PerUserViewTest, SortingAndFilteringKeepTheRightRows) {
    Fixture f;
    PerUserTableModel* model = f.view.tableModel();
    const UserPair pair = f.view.pair();
    std::size_t better = 0, worse = 0, equal = 0;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) {
        const double d = f.value(pair.b, row) - f.value(pair.a, row);
        (d > 0 ? better : d < 0 ? worse : equal) += 1;
    }
    f.choose(f.view.relationBox(), 1);
    EXPECT_EQ(model->rowCount(), int(better));
    for (int row = 0; row < model->rowCount(); ++row) ASSERT_GT(model->difference(row), 0);
    f.choose(f.view.relationBox(), 2);
    EXPECT_EQ(model->rowCount(), int(worse));
    f.choose(f.view.relationBox(), 3);
    EXPECT_EQ(model->rowCount(), int(equal));
    f.choose(f.view.relationBox(), 0);
    f.view.idFilter()->setText(QStringLiteral("u299"));  // among u299, u2990..u2999: those averaged
    ASSERT_TRUE(f.settle());
    int named = 0;
    for (UserId u : f.e().users)
        named += test::exampleDataset()->ids.users.name(u).find("u299") != std::string_view::npos;
    EXPECT_GE(named, 9);
    EXPECT_EQ(model->rowCount(), named);
    f.view.idFilter()->clear();
    ASSERT_TRUE(f.settle());
    const int diff = model->differenceColumn();
    f.view.table()->sortByColumn(diff, Qt::DescendingOrder);
    ASSERT_TRUE(f.settle());
    ASSERT_EQ(model->rowCount(), int(f.e().users.size()));
    std::multiset<double> brute;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) brute.insert(f.value(pair.b, row) - f.value(pair.a, row));
    auto expected = brute.rbegin();
    for (int row = 0; row < model->rowCount(); ++row, ++expected)
        ASSERT_EQ(model->index(row, diff).data(PerUserTableModel::SortRole).toDouble(), *expected) << row;
    // By a model's column: its values ascending.
    const int first = PerUserTableModel::firstModelColumn();
    f.view.table()->sortByColumn(first, Qt::AscendingOrder);
    ASSERT_TRUE(f.settle());
    for (int row = 1; row < model->rowCount(); ++row)
        ASSERT_LE(f.value(model->models()[0], model->evaluationRow(row - 1)),
                  f.value(model->models()[0], model->evaluationRow(row)));
    EXPECT_DOUBLE_EQ(model->index(0, first).data(PerUserTableModel::SortRole).toDouble(),
                     f.value(model->models()[0], model->evaluationRow(0)));
    // By id: the names in text order.
    f.view.table()->sortByColumn(0, Qt::AscendingOrder);
    ASSERT_TRUE(f.settle());
    for (int row = 1; row < model->rowCount(); ++row)
        ASSERT_LT(model->index(row - 1, 0).data().toString(), model->index(row, 0).data().toString());
}

TEST(PerUserViewTest, SelectingRowsSelectsThoseUsersAndTheChartMarksThem) {
    Fixture f;
    QTableView* table = f.view.table();
    table->selectionModel()->select(QItemSelection(f.view.tableModel()->index(3, 0), f.view.tableModel()->index(7, 0)),
                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    std::vector<UserId> expected;
    for (int row = 3; row <= 7; ++row) expected.push_back(f.view.tableModel()->userAt(row));
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(*f.selection.users(), expected);
    ASSERT_TRUE(f.settle());
    ASSERT_NE(f.view.chart(), nullptr);
    EXPECT_EQ(f.view.chart()->plot().selected, 5u);
    // The table highlights exactly those rows.
    int highlighted = 0;
    for (int row = 0; row < f.view.tableModel()->rowCount(); ++row)
        highlighted += f.view.tableModel()->index(row, 1).data(PerUserTableModel::SelectedRole).toBool();
    EXPECT_EQ(highlighted, 5);
    // "Selected users" shows only them.
    f.choose(f.view.relationBox(), 4);
    EXPECT_EQ(f.view.tableModel()->rowCount(), 5);
}

TEST(PerUserViewTest, ARectangleSelectsTheUsersInsideAsBruteForceFindsThem) {
    Fixture f;
    const UserPair pair = f.view.pair();
    const QRectF box(QPointF(0.2, 0.1), QPointF(0.6, 0.5));
    f.view.selectRectangle(box);
    ASSERT_TRUE(f.waitRectangle());
    std::vector<UserId> brute;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) {
        const double a = f.value(pair.a, row), b = f.value(pair.b, row);
        if (a >= 0.2 && a <= 0.6 && b >= 0.1 && b <= 0.5) brute.push_back(f.e().users[row]);
    }
    ASSERT_FALSE(brute.empty());
    EXPECT_EQ(*f.selection.users(), brute);
    EXPECT_EQ(f.selection.origin(), QStringLiteral("scatter"));
    // The table highlights exactly those rows; the chart counts them.
    int highlighted = 0;
    for (int row = 0; row < f.view.tableModel()->rowCount(); ++row)
        highlighted += f.view.tableModel()->index(row, 0).data(PerUserTableModel::SelectedRole).toBool();
    EXPECT_EQ(highlighted, int(brute.size()));
    EXPECT_EQ(f.view.chart()->plot().selected, brute.size());

    // A drag on the panel maps pixels to a value rectangle and selects what
    // brute force finds inside it.
    f.view.resize(1200, 700);
    f.view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&f.view));
    ASSERT_TRUE(f.settle());
    ScatterPanel* panel = f.view.chartPanel();
    const QRect area = panel->chart()->plotArea().toRect();
    const QPoint from = area.topLeft() + QPoint(area.width() / 5, area.height() / 5);
    const QPoint to = area.center();
    const QRectF dragged = panel->valueRect(from, to);
    EXPECT_LT(dragged.left(), dragged.right());
    EXPECT_LT(dragged.top(), dragged.bottom());
    QTest::mousePress(panel->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(panel->viewport(), to);
    QTest::mouseRelease(panel->viewport(), Qt::LeftButton, {}, to);
    ASSERT_TRUE(f.waitRectangle());
    std::vector<UserId> inside;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) {
        const double a = f.value(pair.a, row), b = f.value(pair.b, row);
        if (dragged.contains(QPointF(a, b)) || (a >= dragged.left() && a <= dragged.right() && b >= dragged.top() &&
                                                b <= dragged.bottom()))
            inside.push_back(f.e().users[row]);
    }
    EXPECT_EQ(*f.selection.users(), inside);
}

TEST(PerUserViewTest, TheChartCountsEveryUserInItsCellsOrPoints) {
    Fixture f;
    const UserPair pair = f.view.pair();
    std::map<std::pair<double, double>, std::uint64_t> distinct;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) ++distinct[{f.value(pair.a, row), f.value(pair.b, row)}];
    ASSERT_NE(f.view.chart(), nullptr);
    const DensityPlot& plot = f.view.chart()->plot();
    EXPECT_EQ(plot.users, f.e().users.size());
    EXPECT_EQ(plot.grid.total, f.e().users.size());
    EXPECT_EQ(plot.discrete(), distinct.size() <= DensityPlot::kPointLimit);
    if (plot.discrete()) {
        ASSERT_EQ(plot.points->size(), distinct.size());
        for (const auto& p : *plot.points) EXPECT_EQ(p.count, distinct.at({p.x, p.y}));
    }

    f.choose(f.view.kindBox(), 1);
    ASSERT_NE(f.view.chart()->histogram(), nullptr);
    std::uint64_t users = 0;
    for (auto n : f.view.chart()->plot().differenceCounts) users += n;
    EXPECT_EQ(users, f.e().users.size());
    EXPECT_TRUE(f.view.exportCaption().contains(QStringLiteral("3,000 users")));
    ASSERT_NE(f.view.makeExportChart(), nullptr);
}

TEST(PerUserViewTest, ADiscreteMetricShowsEachPointsCount) {
    // hr@k is 0 or 1 per user: four points, each with its users counted.
    Fixture f;
    const std::size_t hr = f.e().metricIndex("hr@10");
    ASSERT_NE(hr, std::size_t(-1));
    f.choose(f.view.metricBox(), f.view.metricBox()->findData(int(hr)));
    const UserPair pair = f.view.pair();
    ASSERT_EQ(pair.metric, hr);
    std::map<std::pair<double, double>, std::uint64_t> brute;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) ++brute[{f.value(pair.a, row), f.value(pair.b, row)}];
    const DensityPlot& plot = f.view.chart()->plot();
    ASSERT_TRUE(plot.discrete());
    ASSERT_EQ(plot.points->size(), brute.size());
    for (const auto& p : *plot.points) {
        EXPECT_EQ(p.count, brute.at({p.x, p.y}));
        EXPECT_EQ(f.view.chart()->describe(QPointF(p.x, p.y)),
                  QStringLiteral("A = %1, B = %2: %3 users").arg(p.x).arg(p.y).arg(p.count));
    }
}

TEST(PerUserViewTest, HoveringTheChartSaysWhatIsUnderTheMouse) {
    Fixture f;
    f.view.resize(1200, 700);
    f.view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&f.view));
    ASSERT_TRUE(f.settle());
    ScatterPanel* panel = f.view.chartPanel();
    const UserPair pair = f.view.pair();
    // Over the most crowded (A, B): the label names it with its count.
    std::map<std::pair<double, double>, std::uint64_t> distinct;
    for (std::size_t row = 0; row < f.e().users.size(); ++row) ++distinct[{f.value(pair.a, row), f.value(pair.b, row)}];
    const auto top = std::max_element(distinct.begin(), distinct.end(),
                                      [](const auto& x, const auto& y) { return x.second < y.second; });
    const QPointF at = panel->chart()->mapToPosition(QPointF(top->first.first, top->first.second),
                                                     f.view.chart()->diagonal());
    const QPoint pixel = panel->mapFromScene(panel->chart()->mapToScene(at));
    QMouseEvent move(QEvent::MouseMove, QPointF(pixel), panel->viewport()->mapToGlobal(QPointF(pixel)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(panel->viewport(), &move);
    const QString text = f.view.hoverLabel()->text();
    EXPECT_TRUE(text.contains(QStringLiteral("users")) || text.contains(QStringLiteral("user"))) << text.toStdString();
    if (f.view.chart()->plot().discrete()) {
        EXPECT_TRUE(text.endsWith(QStringLiteral(": %1 users").arg(top->second))) << text.toStdString();
    }
}

TEST(PerUserViewTest, DoubleClickOrShowUserActivatesTheCurrentUser) {
    Fixture f;
    QSignalSpy activated(&f.view, &PerUserView::userActivated);
    const QModelIndex at = f.view.tableModel()->index(4, 0);
    f.view.table()->setCurrentIndex(at);
    Q_EMIT f.view.table()->doubleClicked(at);
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(activated.at(0).at(0).value<UserId>(), f.view.tableModel()->userAt(4));
}

} // namespace
} // namespace ranklab::ui
