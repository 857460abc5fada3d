// Repeated runs in the workbench: rows of the model table given one name are
// one model's runs (seeds or folds). The analysis views get every run
// ("x (run 1)", …); the Summary gets the models, each user's value the mean
// over the model's runs (checked against the runs' own values), its run
// count beside the name, and two-level intervals; renaming a row out of the
// group splits it again; the workspace keeps the shared name.
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ui/data_panel.h"
#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/summary_view.h"
#include "ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;

namespace {

std::string data(const char* name) { return std::string(RANKLAB_TEST_DATA "/compare/") + name; }

// x: strong and middle; y: weak.
QString studyWorkspace(const QTemporaryDir& dir) {
    Workspace ws;
    ws.groundTruth = {data("qrels.txt"), {}};
    for (auto [name, file] : {std::pair{"x", "strong.trec"}, {"x", "middle.trec"}, {"y", "weak.trec"}}) {
        WorkspaceModel m;
        m.name = name;
        m.path = data(file);
        ws.models.push_back(m);
    }
    ws.evaluation.metrics = {"ndcg", "ap"};
    ws.evaluation.cutoffs = {10};
    const QString path = dir.filePath(QStringLiteral("study.ranklab"));
    writeWorkspaceFile(ws, path.toStdString());
    return path;
}

} // namespace

TEST(RepeatedRunsUiTest, TheSummaryShowsModelsAveragedOverTheirRuns) {
    QTemporaryDir dir;
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, studyWorkspace(dir)));
    // The workspace keeps the shared name; the views' evaluation has every run.
    EXPECT_EQ(window.workspace().models[0].name, "x");
    EXPECT_EQ(window.workspace().models[1].name, "x");
    const auto& result = window.workbench()->result();
    ASSERT_TRUE(result && result->comparison);
    const Evaluation& runs = *result->evaluation;
    ASSERT_EQ(runs.models.size(), 3u);
    EXPECT_EQ(runs.models[0].name, "x (run 1)");
    EXPECT_EQ(runs.models[1].name, "x (run 2)");
    EXPECT_EQ(runs.models[2].name, "y");
    ASSERT_EQ(result->models.size(), 3);  // the views' looks name each run
    EXPECT_EQ(result->models[1].name, QStringLiteral("x (run 2)"));

    const auto& shown = window.summaryView()->result();
    ASSERT_TRUE(shown);
    ASSERT_EQ(shown, result->byModel);
    const Evaluation& models = *shown->evaluation;
    ASSERT_EQ(models.models.size(), 2u);
    ASSERT_EQ(shown->models.size(), 2);
    EXPECT_EQ(shown->models[0].name, QStringLiteral("x"));
    for (std::size_t u = 0; u < runs.users.size(); ++u)
        for (std::size_t c = 0; c < runs.metricCount(); ++c) {
            EXPECT_NEAR(models.value(0, u, c), (runs.value(0, u, c) + runs.value(1, u, c)) / 2, 1e-15);
            EXPECT_EQ(models.value(1, u, c), runs.value(2, u, c));
        }
    ASSERT_TRUE(shown->comparison);
    EXPECT_EQ(shown->comparison->models, (std::vector<std::string>{"x", "y"}));
    ASSERT_EQ(shown->spreads->size(), 2u);
    EXPECT_EQ((*shown->spreads)[0].runs, (std::vector<std::string>{"x (run 1)", "x (run 2)"}));

    // The table: "x · 2 runs (baseline)", y plain; the tooltips say how.
    ComparisonTableModel* table = window.summaryView()->tableModel();
    ASSERT_EQ(table->rowCount(), 2);
    QStringList names;
    for (int r = 0; r < 2; ++r) names << table->index(r, 0).data().toString();
    EXPECT_TRUE(names.contains(QStringLiteral("x · 2 runs (baseline)"))) << names.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(names.contains(QStringLiteral("y")));
    const int x = names.indexOf(QStringLiteral("x · 2 runs (baseline)"));
    EXPECT_THAT(table->index(x, 0).data(Qt::ToolTipRole).toString().toStdString(), HasSubstr("resample users, then runs"));
    EXPECT_THAT(table->index(x, 1).data(Qt::ToolTipRole).toString().toStdString(), HasSubstr("over its 2 runs"));
    EXPECT_THAT(table->index(x, 1).data(Qt::ToolTipRole).toString().toStdString(), HasSubstr("two-level bootstrap CI"));
    EXPECT_TRUE(shown->comparison->twoLevelBootstrap);
    // The status line counts models and runs.
    EXPECT_THAT(window.statusLabel()->text().toStdString(), HasSubstr("2 models (3 runs) × 2 metrics"));
    // The views' comparison carries the baseline as its model's first run.
    ASSERT_TRUE(result->comparison->options.baseline.has_value());
    EXPECT_EQ(*result->comparison->options.baseline, 0u);
    EXPECT_TRUE(result->comparison->pairs.empty());
}

TEST(RepeatedRunsUiTest, RenamingARowOutOfTheGroupComparesThreeModels) {
    QTemporaryDir dir;
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, studyWorkspace(dir)));
    ModelListModel* list = window.dataPanel()->modelList();
    ASSERT_TRUE(list->setData(list->index(1, ModelListModel::NameColumn), QStringLiteral("z"), Qt::EditRole));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    const auto& result = window.workbench()->result();
    ASSERT_TRUE(result && result->comparison);
    EXPECT_FALSE(result->byModel);
    EXPECT_EQ(result->evaluation->models[0].name, "x");
    EXPECT_EQ(window.summaryView()->result()->evaluation->models.size(), 3u);
    EXPECT_EQ(window.summaryView()->tableModel()->rowCount(), 3);
    // And back: the two rows named x are one model again.
    ASSERT_TRUE(list->setData(list->index(1, ModelListModel::NameColumn), QStringLiteral("x"), Qt::EditRole));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_TRUE(window.workbench()->result()->byModel);
    EXPECT_EQ(window.summaryView()->tableModel()->rowCount(), 2);
}

TEST(RepeatedRunsUiTest, SavingKeepsTheSharedNameAndReopeningGroupsAgain) {
    QTemporaryDir dir;
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, studyWorkspace(dir)));
    const QString saved = dir.filePath(QStringLiteral("again.ranklab"));
    ASSERT_TRUE(window.workbench()->save(saved));
    const Workspace ws = readWorkspaceFile(saved.toStdString());
    EXPECT_EQ(ws.models[0].name, "x");
    EXPECT_EQ(ws.models[1].name, "x");
    MainWindow again;
    ASSERT_TRUE(test::openSettled(again, saved));
    ASSERT_TRUE(again.workbench()->result()->byModel);
    EXPECT_EQ(again.summaryView()->tableModel()->rowCount(), 2);
}
