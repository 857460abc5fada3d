// The Summary tab shows the sampled-negative protocol's estimates of the
// full-catalogue metrics, computed in the evaluation job, labelled as
// estimates, and equal to what the core computes for the same files.
#include <QDir>
#include <QLabel>
#include <QProcess>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <fstream>

#include "eval/sampled_estimates.h"
#include "ui/summary/sampled_pane.h"
#include "ui/summary/summary_view.h"
#include "ui/views/checks_view.h"
#include "ui/views/selected_users.h"
#include "ui/workbench.h"
#include "ui/view_fixture.h"
#include "ui/ui_fixtures.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

// 40 users; each ranks its positive against 9 negatives of its own (a
// catalogue of 400 items is declared). Model "a" puts the positive of user
// u at sampled rank 1 + u % 10, model "b" at 1 + (u * 3) % 10.
QString writeProtocol(const QTemporaryDir& dir, std::vector<int>& hrA) {
    std::ofstream qrels(QDir(dir.path()).filePath("qrels.tsv").toStdString());
    std::ofstream a(QDir(dir.path()).filePath("a.tsv").toStdString());
    std::ofstream b(QDir(dir.path()).filePath("b.tsv").toStdString());
    qrels << "user\titem\tgrade\n";
    a << "user\titem\tscore\n";
    b << "user\titem\tscore\n";
    for (int u = 0; u < 40; ++u) {
        qrels << "u" << u << "\tp" << u << "\t1\n";
        const int rankA = 1 + u % 10, rankB = 1 + (u * 3) % 10;
        hrA.push_back(rankA <= 5 ? 1 : 0);
        // Scores 10 - position: the positive takes position rank, the negatives the others.
        for (auto [out, rank] : {std::pair{&a, rankA}, std::pair{&b, rankB}}) {
            int negative = 0;
            for (int position = 1; position <= 10; ++position) {
                if (position == rank) *out << "u" << u << "\tp" << u << "\t" << 10 - position << "\n";
                else *out << "u" << u << "\tn" << u << "_" << negative++ << "\t" << 10 - position << "\n";
            }
        }
    }
    Workspace ws;
    ws.groundTruth = {QDir(dir.path()).filePath("qrels.tsv").toStdString(), {}};
    for (const char* name : {"a", "b"}) {
        WorkspaceModel m;
        m.name = name;
        m.path = QDir(dir.path()).filePath(QStringLiteral("%1.tsv").arg(QString::fromLatin1(name))).toStdString();
        ws.models.push_back(m);
    }
    ws.evaluation.metrics = {"hr", "ndcg"};
    ws.evaluation.cutoffs = {5};
    ws.evaluation.sampledNegatives = 9;
    ws.evaluation.catalogSize = 400;
    const QString file = QDir(dir.path()).filePath("sampled.ranklab");
    writeWorkspaceFile(ws, file.toStdString());
    return file;
}

} // namespace

TEST(SampledSummaryTest, TheSummaryShowsTheCorrectedEstimatesLabelledAsEstimates) {
    QTemporaryDir dir;
    std::vector<int> hrA;
    const QString path = writeProtocol(dir, hrA);
    Workbench bench;
    bench.open(path);
    ASSERT_TRUE(test::waitIdle(bench));
    ASSERT_TRUE(bench.result() && bench.result()->sampled);
    const SampledEvaluation& shown = *bench.result()->sampled;
    ASSERT_EQ(shown.models.size(), 2u);
    ASSERT_EQ(shown.models[0].metrics.size(), 2u);
    EXPECT_EQ(shown.models[0].ranks.users.size(), 40u);

    // Naive hr@5 of model a by hand: positions 1..5 of each 10 users -> 0.5.
    double naive = 0;
    for (int h : hrA) naive += h;
    naive /= double(hrA.size());
    EXPECT_DOUBLE_EQ(shown.models[0].metrics[0].naive.value, naive);
    EXPECT_DOUBLE_EQ(naive, 0.5);

    // The estimates are the core's for the same files.
    const Dataset data = test::loadWithCore(path);
    RankCache cache;
    const Workspace ws = readWorkspaceFile(path.toStdString());
    const Evaluation eval = evaluate(data, toEvalSettings(ws.evaluation), cache);
    const stats::ResamplingOptions resampling;  // the comparison's defaults, as `compare --sampled`
    const SampledEvaluation core =
        estimateSampled(data, eval, SampledSettings{.negatives = 9, .catalogSize = 400}, resampling);
    for (std::size_t m = 0; m < 2; ++m)
        for (std::size_t k = 0; k < 2; ++k) {
            EXPECT_DOUBLE_EQ(shown.models[m].metrics[k].cls.value, core.models[m].metrics[k].cls.value);
            EXPECT_DOUBLE_EQ(shown.models[m].metrics[k].bv.value, core.models[m].metrics[k].bv.value);
            EXPECT_DOUBLE_EQ(shown.models[m].metrics[k].mle.value, core.models[m].metrics[k].mle.value);
            EXPECT_DOUBLE_EQ(shown.models[m].metrics[k].rescaled.value, core.models[m].metrics[k].rescaled.value);
        }
    // The corrected hr@5 is far below the naive 0.5: ranks 1..5 among 10 are
    // ranks around 1..180 among 400.
    EXPECT_LT(shown.models[0].metrics[0].cls.value, 0.25);

    SummaryView view;
    view.resize(1200, 800);
    view.setResult(bench.result());
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    SampledPane* pane = view.sampledPane();
    ASSERT_TRUE(pane->isVisible());
    EXPECT_TRUE(pane->heading()->text().contains(QStringLiteral("estimates")));
    QTableWidget* table = pane->table();
    ASSERT_EQ(table->rowCount(), 2 * 3);  // per model: hr@5, ndcg@5, auc
    EXPECT_TRUE(table->horizontalHeaderItem(5)->text().contains(QStringLiteral("est.")));
    EXPECT_EQ(table->item(0, 0)->text(), QStringLiteral("a"));
    EXPECT_EQ(table->item(0, 1)->text(), QStringLiteral("hr@5"));
    EXPECT_TRUE(table->item(0, 3)->text().startsWith(QStringLiteral("0.5000 [")));
    EXPECT_TRUE(table->item(0, 5)->text().startsWith(QString::number(core.models[0].metrics[0].cls.value, 'f', 4)));

    // The export carries them too (as `compare --sampled` writes them).
    const QByteArray json = view.exportText(SummaryFormat::Json);
    EXPECT_TRUE(json.contains("\"sampled\""));
    EXPECT_TRUE(json.contains("\"cls\""));
    // Byte for byte what `ranklab-cli compare --workspace` prints for the
    // same workspace: the CLI takes its protocol, and both estimate with the
    // comparison's resamples (study/sampled_study.h).
    QProcess cli;
    cli.start(QStringLiteral(RANKLAB_CLI),
              {QStringLiteral("compare"), QStringLiteral("--workspace"), path, QStringLiteral("--format"),
               QStringLiteral("json")});
    ASSERT_TRUE(cli.waitForFinished(120000) && cli.exitCode() == 0) << cli.readAllStandardError().toStdString();
    EXPECT_EQ(cli.readAllStandardOutput().toStdString(), json.toStdString());

    // The Checks tab names the protocol for each model.
    SelectedUsers selection;
    ChecksView checks(&selection);
    checks.setResult(bench.result());
    ASSERT_TRUE(test::settle(checks));
    bool named = false;
    for (int row = 0; row < checks.findingsTable()->rowCount(); ++row)
        named = named || (checks.findingsTable()->item(row, 1)->text() == QStringLiteral("sampled_protocol") &&
                          checks.findingsTable()->item(row, 2)->text() == QStringLiteral("model a") &&
                          checks.findingsTable()->item(row, 0)->text() == QStringLiteral("info"));
    EXPECT_TRUE(named);

    // Without the protocol the pane hides.
    Workspace plain = bench.workspace();
    plain.evaluation.sampledNegatives = 0;
    plain.evaluation.catalogSize = 0;
    bench.edit(plain);
    ASSERT_TRUE(test::waitIdle(bench));
    EXPECT_FALSE(bench.result()->sampled);
    view.setResult(bench.result());
    EXPECT_FALSE(pane->isVisible());
}
