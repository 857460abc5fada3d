// The Cohorts tab: its bars and table are compareCohorts' numbers for the
// chosen column (called here directly), every grouping with its file works
// and one without its file is disabled, rows whose best model differs are
// highlighted, and a selection restricts the rows compared.
#include <QComboBox>
#include <QBarSet>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/summary_fixture.h"
#include "ui/view_fixture.h"
#include "ui/job_tracker.h"
#include "ui/views/cohorts_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

using test::settle;

CohortComparison coreCohorts(const Evaluation& e, CohortGrouping by, std::size_t column) {
    CohortSpec spec;
    spec.by = by;
    stats::ComparisonOptions options;
    options.metrics = {column};
    options.bootstrapIntervals = false;
    options.baseline = test::kBroad;
    return compareCohorts(e, assignCohorts(*test::exampleDataset(), e.users, spec), options);
}

void expectBars(const CohortsView& view, const CohortComparison& core) {
    ASSERT_NE(view.chart(), nullptr);
    for (std::size_t m = 0; m < core.overall.models.size(); ++m) {
        const QBarSet* set = view.chart()->barSet(m);
        ASSERT_NE(set, nullptr);
        ASSERT_EQ(std::size_t(set->count()), core.cohorts.size() + 1);
        EXPECT_DOUBLE_EQ(set->at(0), core.overall.means[m][0].moments.mean);
        for (std::size_t c = 0; c < core.cohorts.size(); ++c) {
            if (!core.cohorts[c].comparison) continue;
            EXPECT_DOUBLE_EQ(set->at(qsizetype(c + 1)), core.cohorts[c].comparison->means[m][0].moments.mean)
                << core.cohorts[c].label;
        }
    }
}

TEST(CohortsViewTest, EveryGroupingShowsTheCoresCohortMeans) {
    SelectedUsers selection;
    CohortsView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    const Evaluation& e = *test::exampleEvaluation();
    for (CohortGrouping by : {CohortGrouping::Relevant, CohortGrouping::Activity, CohortGrouping::Attribute}) {
        SCOPED_TRACE(cohortGroupingName(by));
        view.groupingBox()->setCurrentIndex(view.groupingBox()->findData(int(by)));
        view.metricBox()->setCurrentIndex(2);
        ASSERT_TRUE(settle(view));
        EXPECT_EQ(view.metricColumn(), 2u);
        const CohortComparison core = coreCohorts(e, by, 2);
        expectBars(view, core);
        ASSERT_EQ(view.table()->rowCount(), int(core.cohorts.size() + 1));
        EXPECT_EQ(view.table()->item(0, 1)->text(), QStringLiteral("3,000"));
        for (std::size_t c = 0; c < core.cohorts.size(); ++c) {
            const bool differs = !core.cohorts[c].bestDiffers.empty() && core.cohorts[c].bestDiffers[0];
            EXPECT_EQ(view.table()->item(int(c + 1), 0)->background().style() != Qt::NoBrush, differs)
                << core.cohorts[c].label;
        }
    }
}

TEST(CohortsViewTest, AGroupingWithoutItsFileIsDisabled) {
    auto result = std::make_shared<EvaluationResult>(*test::exampleComparedResult());
    Workspace ws = readWorkspaceFile((test::exampleDir() + QStringLiteral("/example.ranklab")).toStdString());
    ws.cohorts.reset();
    result->dataset = std::make_shared<const Dataset>(loadDataset(toSources(ws), toReadOptions(ws)));
    SelectedUsers selection;
    CohortsView view(&selection);
    view.setResult(result);
    ASSERT_TRUE(settle(view));
    auto* model = qobject_cast<QStandardItemModel*>(view.groupingBox()->model());
    EXPECT_TRUE(model->item(1)->isEnabled());   // activity: the exclusions are there
    EXPECT_FALSE(model->item(2)->isEnabled());  // attribute: no cohort file
    EXPECT_FALSE(model->item(2)->toolTip().isEmpty());
}

TEST(CohortsViewTest, ASelectionComparesOnlyTheSelectedRows) {
    SelectedUsers selection;
    CohortsView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    const Evaluation& e = *test::exampleEvaluation();
    std::vector<std::size_t> rows;
    std::vector<UserId> users;
    for (std::size_t row = 0; row < e.users.size(); row += 3) {
        rows.push_back(row);
        users.push_back(e.users[row]);
    }
    selection.setUsers(users);
    selection.setRestricting(true);
    ASSERT_TRUE(settle(view));
    EXPECT_EQ(view.metricColumn(), 1u);  // ndcg@10: the largest cutoff <= 20
    const CohortComparison core = coreCohorts(subEvaluation(e, rows), CohortGrouping::Relevant, 1);
    expectBars(view, core);
    EXPECT_TRUE(view.exportCaption().contains(QStringLiteral("restricted to 1,000 selected users")))
        << view.exportCaption().toStdString();
}

} // namespace
} // namespace ranklab::ui
