// The User tab: each model's list is the user's run items minus the
// training items, by score descending (an independent sort here), with the
// judgments' grades, the first relevant rank, tie groups exactly the runs of
// equal scores, the metric values of the evaluation's row, and the training
// items listed; previous/next walk the averaged users.
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "ui/summary_fixture.h"
#include "ui/views/selected_users.h"
#include "ui/views/user_view.h"

namespace ranklab::ui {
namespace {

struct Scored {
    ItemId item;
    double score;
};

// The user's ranked items by brute force: run lines minus exclusions, by score.
std::vector<Scored> independentRanking(const Dataset& data, std::size_t model, UserId user) {
    const Run& run = data.models[model].run;
    std::vector<Scored> out;
    for (std::size_t i = 0; i < run.items(user).size(); ++i)
        if (!data.exclusions || !data.exclusions->contains(user, run.items(user)[i]))
            out.push_back({run.items(user)[i], run.scores(user)[i]});
    std::stable_sort(out.begin(), out.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
    return out;
}

std::optional<double> gradeOf(const Dataset& data, UserId user, ItemId item) {
    const auto items = data.judgments.items(user);
    for (std::size_t i = 0; i < items.size(); ++i)
        if (items[i] == item) return data.judgments.grades(user)[i];
    return std::nullopt;
}

TEST(UserViewTest, ListsAreTheUsersItemsRankedByScoreWithGradesTiesAndFirstHits) {
    SelectedUsers selection;
    UserView view(&selection);
    view.setResult(test::exampleComparedResult());
    const Dataset& data = *test::exampleDataset();
    const Evaluation& e = *test::exampleEvaluation();
    for (std::size_t row : {0, 5, 1234}) {
        const UserId user = e.users[row];
        view.showUser(user);
        view.refreshNow();
        ASSERT_EQ(view.currentUser(), user);
        ASSERT_EQ(view.lists().size(), 3u);
        for (std::size_t m = 0; m < 3; ++m) {
            SCOPED_TRACE("model " + std::to_string(m) + " row " + std::to_string(row));
            const std::vector<Scored> expected = independentRanking(data, m, user);
            const auto& shown = view.lists()[m];
            ASSERT_EQ(shown.size(), expected.size());
            std::multiset<std::pair<double, ItemId>> a, b;
            std::uint32_t firstHit = 0;
            for (std::size_t p = 0; p < shown.size(); ++p) {
                EXPECT_EQ(shown[p].score, expected[p].score);  // same scores in the same order
                a.insert({shown[p].score, shown[p].item});
                b.insert({expected[p].score, expected[p].item});
                EXPECT_EQ(shown[p].grade, gradeOf(data, user, shown[p].item));
                // Tie groups: a new group exactly where the score changes.
                if (p > 0) {
                    EXPECT_EQ(shown[p].tieGroup != shown[p - 1].tieGroup, shown[p].score != shown[p - 1].score);
                }
                if (!firstHit && shown[p].grade && *shown[p].grade >= 1.0) firstHit = std::uint32_t(p + 1);
            }
            EXPECT_EQ(a, b);  // the same items (ties may order them differently)
            EXPECT_EQ(view.firstHits()[m], firstHit);
        }
        // The metric values are the evaluation's row.
        ASSERT_EQ(view.metricsTable()->columnCount(), int(e.metricCount()));
        for (std::size_t m = 0; m < 3; ++m)
            for (std::size_t c = 0; c < e.metricCount(); ++c)
                EXPECT_EQ(view.metricsTable()->item(int(m), int(c))->text(), QString::number(e.value(m, row, c), 'f', 4));
        // The training items, as the exclusions file lists them.
        ASSERT_TRUE(data.exclusions.has_value());
        const auto training = data.exclusions->items(user);
        if (!training.empty()) {
            ASSERT_EQ(view.trainingList()->count(), int(training.size()));
            EXPECT_EQ(view.trainingList()->item(0)->text().toStdString(), data.ids.items.name(training[0]));
        }
    }
}

TEST(UserViewTest, TheTableShowsTheTopNWithRelevantItemsAndTiesMarked) {
    SelectedUsers selection;
    UserView view(&selection);
    view.setResult(test::exampleComparedResult());
    view.refreshNow();  // the first averaged user
    ASSERT_TRUE(view.currentUser().has_value());
    EXPECT_EQ(*view.currentUser(), test::exampleEvaluation()->users.front());
    EXPECT_EQ(view.listsTable()->rowCount(), UserView::kDefaultDepth);
    view.depthBox()->setValue(50);
    EXPECT_EQ(view.listsTable()->rowCount(), 50);
    // The popularity model (integer scores) has ties: an "=" score and a rank range.
    const auto& popularity = view.lists()[2];
    for (int row = 0; row < 50; ++row) {
        const std::size_t p = std::size_t(row);
        const bool tied = (p > 0 && popularity[p - 1].tieGroup == popularity[p].tieGroup) ||
                          (p + 1 < popularity.size() && popularity[p + 1].tieGroup == popularity[p].tieGroup);
        EXPECT_EQ(view.listsTable()->item(row, 8)->text().startsWith(QStringLiteral("= ")), tied) << row;
        EXPECT_EQ(view.listsTable()->item(row, 7)->text().contains(QStringLiteral("grade")), popularity[p].grade.has_value());
    }
}

TEST(UserViewTest, TypingAnIdAndPreviousNextChooseUsers) {
    SelectedUsers selection;
    UserView view(&selection);
    view.setResult(test::exampleComparedResult());
    view.refreshNow();
    const auto& users = test::exampleEvaluation()->users;
    const Dataset& data = *test::exampleDataset();
    view.userEdit()->setText(QString::fromUtf8(data.ids.users.name(users[10])));
    Q_EMIT view.userEdit()->returnPressed();
    view.refreshNow();
    EXPECT_EQ(view.currentUser(), users[10]);
    view.findChildren<QPushButton*>()[1]->click();  // Next
    view.refreshNow();
    EXPECT_EQ(view.currentUser(), users[11]);
    view.userEdit()->setText(QStringLiteral("no-such-user"));
    Q_EMIT view.userEdit()->returnPressed();
    EXPECT_TRUE(view.headline()->text().contains(QStringLiteral("No user")));
    EXPECT_EQ(view.currentUser(), users[11]);
    // With a selection, previous/next walk the selected users.
    selection.setUsers({users[3], users[40]});
    view.findChildren<QPushButton*>()[1]->click();
    view.refreshNow();
    EXPECT_EQ(view.currentUser(), users[40]);
}

} // namespace
} // namespace ranklab::ui
