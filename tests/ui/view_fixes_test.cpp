// Small fixes in the analysis tabs, each against an independent count: the
// default metric column (the largest cutoff <= 20), the Checks sentence
// with a share below 0.1% (rich text), editable cohort bins (as
// `ranklab-cli cohorts --bins`, errors inline), the rank caption in "every
// relevant item" mode, and the User tab's relevant items outside the top.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QTextDocument>

#include <gtest/gtest.h>

#include <set>

#include "core/engine_test_support.h"
#include "summary_fixture.h"
#include "view_fixture.h"
#include "ui/views/checks_view.h"
#include "ui/views/cohorts_view.h"
#include "ui/views/rank_view.h"
#include "ui/views/selected_users.h"
#include "ui/views/user_view.h"

namespace ranklab::ui {
namespace {

using test::settle;

struct Chooser : AnalysisView {
    using AnalysisView::defaultMetricColumn;
};

std::size_t columnOf(const std::vector<MetricSpec>& specs, const std::string& id) {
    for (std::size_t c = 0; c < specs.size(); ++c)
        if (specs[c].id() == id) return c;
    return std::size_t(-1);
}

TEST(DefaultMetricColumnTest, IsTheFirstColumnWithTheLargestCutoffUpTo20) {
    const auto specs = expandMetrics("ndcg,hr", {1, 5, 10, 100});
    EXPECT_EQ(Chooser::defaultMetricColumn(specs), columnOf(specs, "ndcg@10"));
    const auto twenty = expandMetrics("recall,ap", {1, 20, 30});
    EXPECT_EQ(Chooser::defaultMetricColumn(twenty), columnOf(twenty, "recall@20"));
    EXPECT_EQ(Chooser::defaultMetricColumn(expandMetrics("ndcg,ap", {})), 0u);  // @all only
    EXPECT_EQ(Chooser::defaultMetricColumn(expandMetrics("ndcg", {50, 100})), 0u);
}

TEST(DefaultMetricColumnTest, ChecksAndCohortsStartOnNdcgAt10) {
    SelectedUsers selection;
    ChecksView checks(&selection);
    CohortsView cohorts(&selection);
    for (AnalysisView* view : std::initializer_list<AnalysisView*>{&checks, &cohorts}) {
        view->setResult(test::exampleComparedResult());
        ASSERT_TRUE(settle(*view));
    }
    EXPECT_EQ(checks.metricBox()->currentText(), QStringLiteral("ndcg@10"));
    EXPECT_EQ(cohorts.metricBox()->currentText(), QStringLiteral("ndcg@10"));
    // A choice made is kept when a new evaluation arrives.
    cohorts.metricBox()->setCurrentIndex(3);
    const QString chosen = cohorts.metricBox()->currentText();
    auto again = std::make_shared<EvaluationResult>(*test::exampleComparedResult());
    again->evaluation = std::make_shared<const Evaluation>(*again->evaluation);
    cohorts.setResult(again);
    ASSERT_TRUE(settle(cohorts));
    EXPECT_EQ(cohorts.metricBox()->currentText(), chosen);
}

// 1,200 users, item "x" relevant for each; the model ranks x first, except
// for user u0 where x ties with an irrelevant item: ties move 1 user of
// 1,200 (0.083%).
std::shared_ptr<const EvaluationResult> oneTieIn1200() {
    std::vector<testing::Triple> qrels, run;
    for (int u = 0; u < 1200; ++u) {
        const std::string user = "u" + std::to_string(u);
        qrels.emplace_back(user, "x", 1);
        run.emplace_back(user, "x", 3);
        run.emplace_back(user, "y", u == 0 ? 3 : 2);
        run.emplace_back(user, "z", 1);
    }
    auto result = std::make_shared<EvaluationResult>();
    result->dataset = std::make_shared<const Dataset>(testing::makeDataset(qrels, {{"m", run}}));
    EvalSettings settings;
    settings.metrics = expandMetrics("ndcg", {1, 3});
    RankCache cache;
    result->evaluation = std::make_shared<const Evaluation>(evaluate(*result->dataset, settings, cache));
    result->models.push_back({QStringLiteral("m"), QColor(Qt::blue), true});
    result->cache = std::make_shared<RankCache>();
    return result;
}

TEST(ChecksSentenceTest, AShareBelowOneTenthPercentKeepsTheWholeSentence) {
    SelectedUsers selection;
    ChecksView view(&selection);
    view.setResult(oneTieIn1200());
    ASSERT_TRUE(settle(view));
    ASSERT_EQ(view.metricBox()->currentText(), QStringLiteral("ndcg@3"));
    QTextDocument shown;
    shown.setHtml(view.tieSummary()->text());  // what the rich-text label draws
    const QString text = shown.toPlainText();
    EXPECT_TRUE(text.contains(QStringLiteral("ties move < 0.1% of users' values and sit in the top k of < 0.1%")))
        << text.toStdString();
    EXPECT_TRUE(text.endsWith(QStringLiteral("of its ranked items share a score"))) << text.toStdString();
}

TEST(CohortBinsTest, TypedBinsRegroupAsTheCliOptionAndErrorsShowInline) {
    SelectedUsers selection;
    CohortsView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    ASSERT_TRUE(view.binsEdit()->isEnabled());  // grouped by relevant items
    view.binsEdit()->setText(QStringLiteral("1-2, 3-9,10+"));
    Q_EMIT view.binsEdit()->editingFinished();
    ASSERT_TRUE(settle(view));
    EXPECT_TRUE(view.binsError()->text().isEmpty());
    std::vector<std::string> labels;
    for (const CohortResult& c : view.cohorts()->cohorts) labels.push_back(c.label);
    // The same bins through the core's parser and grouping.
    CohortSpec spec;
    spec.bins = parseCountBins("1-2,3-9,10+");
    const Evaluation& e = *test::exampleEvaluation();
    const CohortAssignment core = assignCohorts(*test::exampleDataset(), e.users, spec);
    EXPECT_EQ(labels, core.labels);
    EXPECT_EQ(labels, (std::vector<std::string>{"1-2", "3-9", "10+"}));
    std::size_t users = 0;
    for (const CohortResult& c : view.cohorts()->cohorts) users += c.users;
    EXPECT_EQ(users, e.users.size());

    const auto before = view.cohorts();
    view.binsEdit()->setText(QStringLiteral("1,5-3"));
    Q_EMIT view.binsEdit()->editingFinished();
    ASSERT_TRUE(settle(view));
    EXPECT_TRUE(view.binsError()->isVisibleTo(&view));
    EXPECT_TRUE(view.binsError()->text().contains(QStringLiteral("5-3"))) << view.binsError()->text().toStdString();
    EXPECT_EQ(view.cohorts(), before);  // the last good bins stay
    // Attribute cohorts take no bins.
    view.groupingBox()->setCurrentIndex(view.groupingBox()->findData(int(CohortGrouping::Attribute)));
    Q_EMIT view.groupingBox()->activated(view.groupingBox()->currentIndex());
    EXPECT_FALSE(view.binsEdit()->isEnabled());
}

TEST(RankCaptionTest, EveryRelevantItemModeCountsItemsNotFirstHits) {
    SelectedUsers selection;
    RankView view(&selection);
    view.setResult(test::exampleComparedResult());
    ASSERT_TRUE(settle(view));
    view.kindBox()->setCurrentIndex(1);
    Q_EMIT view.kindBox()->activated(1);
    EvalSettings settings = test::exampleEvaluation()->settings;
    settings.metrics.clear();
    RankCache cache;
    const RankDistributions core =
        computeRankDistributions(*test::exampleDataset(), settings, RankView::kDefaultKmax, cache);
    const QString text = view.summaryLabel()->text();
    EXPECT_FALSE(text.contains(QStringLiteral("first relevant"))) << text.toStdString();
    for (const ModelRankDistribution& m : core.models) {
        const QString share = QString::number(100.0 * m.all.retrievedShare(), 'f', 1);
        EXPECT_TRUE(text.contains(share + QStringLiteral("% of the ") + QLocale().toString(m.all.total, 'f', 0) +
                                  QStringLiteral(" relevant items")))
            << text.toStdString();
    }
}

TEST(UserOutsideTest, RelevantItemsOutsideTheTopAreListedWithGradesAndRanks) {
    const Dataset& data = *test::exampleDataset();
    const Evaluation& e = *test::exampleEvaluation();
    // A user with a relevant item that some model's run does not hold.
    std::optional<UserId> chosen;
    for (UserId u : e.users) {
        const auto items = data.judgments.items(u);
        for (std::size_t i = 0; i < items.size() && !chosen; ++i) {
            if (data.judgments.grades(u)[i] < 1) continue;
            for (const auto& model : data.models) {
                const auto run = model.run.items(u);
                if (std::find(run.begin(), run.end(), items[i]) == run.end()) chosen = u;
            }
        }
        if (chosen) break;
    }
    ASSERT_TRUE(chosen);
    SelectedUsers selection;
    UserView view(&selection);
    view.setResult(test::exampleComparedResult());
    view.showUser(*chosen);
    ASSERT_TRUE(settle(view));
    view.depthBox()->setValue(3);

    // Expected: relevant items not among some model's first 3 (independently
    // from the run: the lines minus the training items).
    std::set<QString> expected;
    const auto items = data.judgments.items(*chosen);
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (data.judgments.grades(*chosen)[i] < 1) continue;
        for (std::size_t m = 0; m < data.models.size(); ++m) {
            const auto& list = view.lists()[m];
            bool inTop = false;
            for (std::size_t p = 0; p < 3 && p < list.size(); ++p) inTop = inTop || list[p].item == items[i];
            if (!inTop) expected.insert(QString::fromUtf8(data.ids.items.name(items[i])));
        }
    }
    ASSERT_FALSE(expected.empty());
    QTableWidget* table = view.outsideTable();
    ASSERT_EQ(table->rowCount(), int(expected.size()));
    bool notRanked = false;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString item = table->item(row, 0)->text();
        EXPECT_TRUE(expected.count(item)) << item.toStdString();
        const auto grade = data.judgments.grade(*chosen, ItemId(data.ids.items.find(item.toStdString())));
        ASSERT_TRUE(grade);
        EXPECT_EQ(table->item(row, 1)->text().toDouble(), *grade);
        for (int c = 2; c < table->columnCount(); ++c) {
            const std::size_t m = std::size_t(c - 2);
            const auto run = data.models[m].run.items(*chosen);
            const bool inRun = std::find(run.begin(), run.end(), ItemId(data.ids.items.find(item.toStdString()))) != run.end();
            if (!inRun) {
                EXPECT_EQ(table->item(row, c)->text(), QStringLiteral("not ranked"));
                notRanked = true;
            }
        }
    }
    EXPECT_TRUE(notRanked);
    EXPECT_TRUE(view.outsideLabel()->text().contains(QStringLiteral("outside the top 3")));
}

} // namespace
} // namespace ranklab::ui
