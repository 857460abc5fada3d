// The Per user tab says the numbers behind its shapes: wins, losses and
// exact ties of B against A (counted here by brute force over the values),
// on the relation filter's entries, and how many rows the filters keep.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTest>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ui/summary_fixture.h"
#include "ui/views/per_user_counts.h"
#include "ui/views/per_user_table_model.h"
#include "ui/views/per_user_view.h"
#include "ui/views/selected_users.h"
#include "ui/view_fixture.h"

namespace ranklab::ui {
namespace {

using ::testing::HasSubstr;

TEST(PerUserCountsTest, CountsAreABruteForcePassOverTheValues) {
    Evaluation e;
    e.settings.metrics = expandMetrics("hr@1", {});
    e.users = {0, 1, 2, 3, 4, 5};
    const double nan = std::nan("");
    e.models = {{"A", {0.5, 1, 0, 0.25, nan, 0.5}, {0}}, {"B", {0.75, 0, 0, 0.25, 1, 0.5}, {0}}};
    const PerUserCounts c = perUserCounts(e, {0, 1, 0});
    EXPECT_EQ(c.bBetter, 1u);    // 0.75 > 0.5
    EXPECT_EQ(c.aBetter, 1u);    // 1 > 0
    EXPECT_EQ(c.ties, 3u);       // 0 = 0, 0.25 = 0.25, 0.5 = 0.5
    EXPECT_EQ(c.undefined, 1u);  // NaN
    EXPECT_EQ(c.users(), 6u);
}

TEST(PerUserCountsTest, TheViewShowsThemOnTheFiltersAndCountsTheRowsKept) {
    SelectedUsers selection;
    PerUserView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(test::settle(view));
    const Evaluation& e = *test::exampleEvaluation();
    const UserPair p = view.pair();
    std::size_t b = 0, a = 0, ties = 0;
    for (std::size_t row = 0; row < e.users.size(); ++row) {
        const double x = e.value(p.a, row, p.metric), y = e.value(p.b, row, p.metric);
        b += y > x;
        a += x > y;
        ties += x == y;
    }
    EXPECT_EQ(view.counts().bBetter, b);
    EXPECT_EQ(view.counts().aBetter, a);
    EXPECT_EQ(view.counts().ties, ties);
    const QLocale english(QLocale::English);
    QComboBox* relation = view.relationBox();
    EXPECT_THAT(relation->itemText(1).toStdString(), HasSubstr(english.toString(qulonglong(b)).toStdString()));
    EXPECT_THAT(relation->itemText(3).toStdString(), HasSubstr(english.toString(qulonglong(ties)).toStdString()));
    const std::string all = english.toString(qulonglong(e.users.size())).toStdString();
    EXPECT_THAT(view.shownLabel()->text().toStdString(), HasSubstr(all + " of " + all + " users shown"));
    // Keeping the ties: the label counts the rows kept.
    relation->setCurrentIndex(3);
    Q_EMIT relation->activated(3);
    ASSERT_TRUE(test::settle(view));
    EXPECT_EQ(view.tableModel()->rowCount(), int(ties));
    EXPECT_THAT(view.shownLabel()->text().toStdString(),
                HasSubstr(english.toString(qulonglong(ties)).toStdString() + " of " + all + " users shown"));
}

} // namespace
} // namespace ranklab::ui
