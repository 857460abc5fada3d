// A model that scored a fifth of the users is not quietly compared as if
// the others scored 0: its Summary row carries a badge with its coverage,
// the note says it first and offers the users every model scored, and that
// link re-evaluates under the users policy "trec".
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "ui/data_panel.h"
#include "ui/main_window.h"
#include "ui/model_list_model.h"
#include "ui/summary/comparison_table_model.h"
#include "ui/summary/summary_view.h"
#include "ui_fixtures.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using namespace ranklab::ui;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// Ten users with one relevant item each; "full" scores all ten, "partial"
// only u0 and u1 (2 of 10: 20%).
QString partialWorkspace(const QTemporaryDir& dir) {
    const std::string d = dir.path().toStdString();
    std::ofstream qrels(d + "/qrels.tsv"), full(d + "/full.tsv"), partial(d + "/partial.tsv");
    qrels << "user\titem\tgrade\n";
    full << "user\titem\tscore\n";
    partial << "user\titem\tscore\n";
    for (int u = 0; u < 10; ++u) {
        const std::string user = "u" + std::to_string(u);
        qrels << user << "\ti" << u << "\t1\n";
        full << user << "\ti" << u << "\t1\n" << user << "\tx\t0.5\n";
        if (u < 2) partial << user << "\ti" << u << "\t1\n";
    }
    qrels.close();
    full.close();
    partial.close();
    Workspace ws;
    ws.groundTruth = {d + "/qrels.tsv", {}};
    for (const char* name : {"full", "partial"}) {
        WorkspaceModel m;
        m.name = name;
        m.path = d + "/" + name + ".tsv";
        ws.models.push_back(m);
    }
    ws.evaluation.metrics = {"hr"};
    ws.evaluation.cutoffs = {1};
    const QString file = QDir(dir.path()).filePath(QStringLiteral("partial.ranklab"));
    writeWorkspaceFile(ws, file.toStdString());
    return file;
}

QString rowText(ComparisonTableModel* model, int row, int role) { return model->index(row, 0).data(role).toString(); }

} // namespace

TEST(CoverageBadgeTest, APartialModelIsBadgedAndTheNoteOffersTheCommonUsers) {
    QTemporaryDir dir;
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, partialWorkspace(dir)));
    ComparisonTableModel* table = window.summaryView()->tableModel();
    ASSERT_EQ(table->rowCount(), 2);
    EXPECT_THAT(rowText(table, 0, Qt::DisplayRole).toStdString(), Not(HasSubstr("⚠")));
    EXPECT_THAT(rowText(table, 1, Qt::DisplayRole).toStdString(), HasSubstr("⚠ 20%"));
    EXPECT_EQ(rowText(table, 1, ComparisonTableModel::CoverageRole).toStdString(), "scored 2 of 10 users (20.0%)");
    EXPECT_THAT(rowText(table, 1, Qt::ToolTipRole).toStdString(), HasSubstr("count as 0"));
    QLabel* note = window.summaryView()->noteLabel();
    EXPECT_THAT(note->text().toStdString(), HasSubstr("partial scored 2 of 10 users (20.0%)"));
    EXPECT_THAT(note->text().toStdString(), HasSubstr("href=\"common-users\""));
    // hr@1 by hand: full hits all ten (1.0), partial two of ten (0.2).
    EXPECT_DOUBLE_EQ(table->index(1, 1).data(ComparisonTableModel::MeanRole).toDouble(), 0.2);

    Q_EMIT note->linkActivated(QStringLiteral("common-users"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.workspace().evaluation.users == UsersPolicy::Trec; }, 5000));
    ASSERT_TRUE(test::waitIdle(*window.workbench()));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.summaryView()->result() &&
                                             window.summaryView()->result()->evaluation->counts.evaluated == 2; },
                                test::kWaitMs));
    EXPECT_THAT(rowText(table, 1, Qt::DisplayRole).toStdString(), Not(HasSubstr("⚠")));
    EXPECT_THAT(note->text().toStdString(), Not(HasSubstr("common-users")));
    EXPECT_DOUBLE_EQ(table->index(1, 1).data(ComparisonTableModel::MeanRole).toDouble(), 1.0);
    EXPECT_TRUE(window.isWindowModified());
}

TEST(CoverageBadgeTest, TheModelsListCarriesTheSameBadgeOnceEvaluated) {
    QTemporaryDir dir;
    MainWindow window;
    ASSERT_TRUE(test::openSettled(window, partialWorkspace(dir)));
    ModelListModel* list = window.dataPanel()->modelList();
    ASSERT_EQ(list->rowCount(), 2);
    auto file = [&](int row, int role) { return list->index(row, ModelListModel::FileColumn).data(role).toString().toStdString(); };
    EXPECT_EQ(file(0, Qt::DisplayRole), "full.tsv");
    EXPECT_EQ(file(1, Qt::DisplayRole), "partial.tsv ⚠ 20%");  // 2 of 10 users, as counted in the fixture
    EXPECT_THAT(file(1, Qt::ToolTipRole), HasSubstr("scored 2 of 10 users (20.0%)"));
    // Under the users every model scored, nothing to say.
    Workspace next = window.workspace();
    next.evaluation.users = UsersPolicy::Trec;
    window.workbench()->edit(next);
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.summaryView()->result() &&
                                             window.summaryView()->result()->evaluation->counts.evaluated == 2; },
                                test::kWaitMs));
    EXPECT_EQ(file(1, Qt::DisplayRole), "partial.tsv");
}
