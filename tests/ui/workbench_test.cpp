// The workbench state: opening evaluates as the core does, edits redo only
// what they must, cancel and errors keep what was there, save round-trips.
#include "ui/summary/comparison_setup.h"
#include "ui/workbench.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>

#include "io/dataset_loader.h"
#include "ui/job_tracker.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

// Expects `actual` to hold exactly the numbers the core computes for
// `data` with `settings`, computed here on their own.
void expectCoreEvaluation(const Evaluation& actual, const Dataset& data, const EvalSettings& settings) {
    RankCache cache;
    const Evaluation expected = evaluate(data, settings, cache);
    ASSERT_EQ(actual.metricCount(), expected.metricCount());
    for (std::size_t m = 0; m < expected.metricCount(); ++m)
        EXPECT_EQ(actual.settings.metrics[m].id(), expected.settings.metrics[m].id());
    ASSERT_EQ(actual.users, expected.users);
    ASSERT_EQ(actual.models.size(), expected.models.size());
    for (std::size_t i = 0; i < expected.models.size(); ++i) {
        EXPECT_EQ(actual.models[i].means, expected.models[i].means) << expected.models[i].name;
        EXPECT_EQ(actual.models[i].perUser, expected.models[i].perUser) << expected.models[i].name;
    }
}

} // namespace

TEST(WorkbenchTest, OpeningTheExampleEvaluatesAndComparesAsTheCoreDoes) {
    Workbench bench;
    ASSERT_TRUE(test::openCompared(bench, test::exampleWorkspace()));
    const Workspace ws = readWorkspaceFile(test::exampleWorkspace().toStdString());
    const Dataset data = test::loadWithCore(test::exampleWorkspace());
    ASSERT_TRUE(bench.evaluation());
    expectCoreEvaluation(*bench.evaluation(), data, toEvalSettings(ws.evaluation));

    // The comparison is the core's on that evaluation, with the window's
    // default options (the first model as the baseline, as the CLI).
    const stats::Comparison expected = stats::compareEvaluation(*bench.evaluation(), defaultComparisonOptions());
    const stats::Comparison& shown = *bench.result()->comparison;
    EXPECT_EQ(shown.models, expected.models);
    EXPECT_EQ(shown.best, expected.best);
    ASSERT_EQ(shown.pairs.size(), expected.pairs.size());
    for (std::size_t i = 0; i < expected.pairs.size(); ++i)
        EXPECT_EQ(shown.pairs[i].tests[0].adjusted, expected.pairs[i].tests[0].adjusted);

    // Looks come from the workspace file: names and colours as written.
    ASSERT_EQ(bench.result()->models.size(), 3);
    EXPECT_EQ(bench.result()->models[0].name, "toprank");
    EXPECT_EQ(bench.result()->models[1].color, QColor("#ff7f0e"));
    EXPECT_EQ(bench.result()->dataset, bench.dataset());
    EXPECT_FALSE(bench.isModified());
}

TEST(WorkbenchTest, ChangingACutoffReEvaluatesFromTheCacheWithoutReadingAgain) {
    Workbench bench;
    test::CountingLoader counting;
    bench.setLoader(counting.loader());
    ASSERT_TRUE(test::openCompared(bench, test::foundationWorkspace()));
    ASSERT_EQ(*counting.calls, 1);
    const auto dataset = bench.dataset();

    Workspace next = bench.workspace();
    next.evaluation.metrics = {"ndcg", "recall"};
    next.evaluation.cutoffs = {2};
    bench.edit(next);
    EXPECT_EQ(bench.work(), Workbench::Work::Evaluate);
    ASSERT_TRUE(test::waitIdle(bench));

    EXPECT_EQ(*counting.calls, 1);         // nothing read again
    EXPECT_EQ(bench.dataset(), dataset);  // the very same Dataset
    EXPECT_TRUE(bench.isModified());
    std::vector<std::string> ids;
    for (const MetricSpec& m : bench.evaluation()->settings.metrics) ids.push_back(m.id());
    EXPECT_THAT(ids, ElementsAre("ndcg@2", "recall@2"));
    expectCoreEvaluation(*bench.evaluation(), *dataset, toEvalSettings(next.evaluation));
    // recall@2 of toprank for u1 by hand: u1's relevant items are i1 and i3
    // (qrels); train.tsv excludes i2, so its top 2 are i1, i3 -> 2 of 2.
    const Evaluation& e = *bench.evaluation();
    const auto row = std::find(e.users.begin(), e.users.end(), dataset->ids.users.find("u1")) - e.users.begin();
    EXPECT_DOUBLE_EQ(e.value(0, std::size_t(row), 1), 1.0);
}

TEST(WorkbenchTest, RenamingRecolouringAndHidingReadAndEvaluateNothing) {
    Workbench bench;
    test::CountingLoader counting;
    bench.setLoader(counting.loader());
    ASSERT_TRUE(test::openCompared(bench, test::foundationWorkspace()));
    const auto dataset = bench.dataset();
    const auto before = bench.evaluation();

    QSignalSpy started(bench.jobs(), &JobTracker::started);
    Workspace next = bench.workspace();
    next.models[1].name = "BM25 baseline";
    next.models[0].color = "#000000";
    next.models[0].visible = false;
    bench.edit(next);

    EXPECT_EQ(started.size(), 0);  // no background work at all
    EXPECT_EQ(*counting.calls, 1);
    EXPECT_EQ(bench.dataset(), dataset);
    EXPECT_EQ(bench.evaluation()->models[1].name, "BM25 baseline");
    EXPECT_EQ(bench.evaluation()->models[1].perUser, before->models[1].perUser);
    EXPECT_EQ(bench.result()->comparison->models[1], "BM25 baseline");
    EXPECT_EQ(bench.result()->models[0].color, QColor(Qt::black));
    EXPECT_FALSE(bench.result()->models[0].visible);
    EXPECT_EQ(bench.workspace(), next);
    EXPECT_TRUE(bench.isModified());
}

TEST(WorkbenchTest, ABadFileInAnEditShowsWhereAndKeepsTheWorkspace) {
    Workbench bench;
    ASSERT_TRUE(test::openCompared(bench, test::foundationWorkspace()));
    const Workspace before = bench.workspace();
    const auto dataset = bench.dataset();
    const auto result = bench.result();

    Workspace next = before;
    WorkspaceModel bad;
    bad.path = RANKLAB_TEST_DATA "/ui/bad.run";
    next.models.push_back(bad);
    QSignalSpy failed(&bench, &Workbench::loadFailed);
    bench.edit(next);
    EXPECT_EQ(bench.requestedWorkspace(), next);  // shown while it is read
    ASSERT_TRUE(test::waitIdle(bench));
    ASSERT_EQ(failed.size(), 1);
    const auto error = failed[0][1].value<LoadError>();
    EXPECT_THAT(error.file.toStdString(), HasSubstr("bad.run"));
    EXPECT_EQ(error.line, 3u);  // "u1 Q0 i3 3 high broken": the score is not a number
    EXPECT_THAT(error.text.toStdString(), HasSubstr("high"));

    EXPECT_EQ(bench.workspace(), before);
    EXPECT_EQ(bench.requestedWorkspace(), before);
    EXPECT_EQ(bench.dataset(), dataset);
    EXPECT_EQ(bench.result(), result);
    EXPECT_FALSE(bench.isModified());
}

TEST(WorkbenchTest, SavedWorkspaceReopensEqual) {
    QTemporaryDir dir;
    Workbench bench;
    ASSERT_TRUE(test::openCompared(bench, test::exampleWorkspace()));
    Workspace next = bench.workspace();
    next.models[0].name = "top";
    next.models[2].visible = false;
    next.models[1].color = "#123456";
    next.evaluation.metrics = {"ndcg(gain=exp)", "ap(norm=min)", "rprec"};
    next.evaluation.cutoffs = {5, 20};
    next.evaluation.ties = TiePolicy::Pessimistic;
    bench.edit(next);
    ASSERT_TRUE(test::waitIdle(bench));

    const QString path = dir.filePath(QStringLiteral("saved.ranklab"));
    QString error;
    ASSERT_TRUE(bench.save(path, &error)) << error.toStdString();
    EXPECT_FALSE(bench.isModified());
    EXPECT_EQ(bench.path(), path);

    Workbench reopened;
    ASSERT_TRUE(test::openCompared(reopened, path));
    EXPECT_EQ(reopened.workspace(), bench.workspace());
    EXPECT_EQ(reopened.evaluation()->models[0].means, bench.evaluation()->models[0].means);
}

TEST(WorkbenchTest, SavingIntoAMissingFolderFailsWithAMessage) {
    Workbench bench;
    ASSERT_TRUE(test::openCompared(bench, test::foundationWorkspace()));
    QString error;
    EXPECT_FALSE(bench.save(QStringLiteral("/nonexistent-folder/x.ranklab"), &error));
    EXPECT_THAT(error.toStdString(), HasSubstr("/nonexistent-folder/x.ranklab"));
    EXPECT_EQ(bench.path(), test::foundationWorkspace());
}

TEST(WorkbenchTest, CancelStopsALongEvaluationAndKeepsTheResultShown) {
    Workbench bench;
    ASSERT_TRUE(test::openCompared(bench, test::syntheticWorkspace(10000)));
    const auto shown = bench.result();

    Workspace next = bench.workspace();
    next.evaluation.cutoffs = {1, 2, 3, 5, 10, 20, 50, 100};
    next.evaluation.metrics = {"hits", "hr", "precision", "recall", "f1", "rr", "ap", "dcg", "ndcg"};
    next.evaluation.ties = TiePolicy::Pessimistic;  // a new ranking: not in the cache
    QSignalSpy cancelled(&bench, &Workbench::evaluationCancelled);
    QSignalSpy evaluated(&bench, &Workbench::evaluated);
    bench.edit(next);
    ASSERT_EQ(bench.work(), Workbench::Work::Evaluate);
    // Cancelled before the event loop runs again: on an idle machine this
    // evaluation of 1M lines can finish within a few ms, and a wait here
    // would let its result arrive first.
    bench.cancel();
    EXPECT_EQ(cancelled.size(), 1);
    EXPECT_EQ(bench.work(), Workbench::Work::None);
    ASSERT_TRUE(QTest::qWaitFor([&] { return bench.jobs()->runningTasks() == 0; }, test::kWaitMs));
    QTest::qWait(20);
    EXPECT_EQ(evaluated.size(), 0);  // the cancelled result never arrives
    EXPECT_EQ(bench.result(), shown);
}

TEST(WorkbenchTest, ComparisonOptionsReRunOnlyTheComparison) {
    Workbench bench;
    ASSERT_TRUE(test::openCompared(bench, test::exampleWorkspace()));
    const auto evaluation = bench.evaluation();
    stats::ComparisonOptions options;
    options.baseline = 2;
    options.correction = stats::Correction::Bonferroni;
    bench.compare(options);
    EXPECT_EQ(bench.work(), Workbench::Work::Compare);
    ASSERT_TRUE(test::waitIdle(bench));
    EXPECT_EQ(bench.evaluation(), evaluation);  // the same evaluation
    const stats::Comparison expected = stats::compareEvaluation(*evaluation, options);
    ASSERT_TRUE(bench.result()->comparison);
    EXPECT_EQ(bench.result()->comparison->options.baseline, std::optional<std::size_t>(2));
    ASSERT_EQ(bench.result()->comparison->pairs.size(), expected.pairs.size());
    for (std::size_t i = 0; i < expected.pairs.size(); ++i)
        EXPECT_EQ(bench.result()->comparison->pairs[i].tests[0].adjusted, expected.pairs[i].tests[0].adjusted);
}
