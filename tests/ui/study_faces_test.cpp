// One study, three faces: a comparison set up in the real main window (the
// Summary's toolbar: baseline, test, correction, δ) and saved as a
// workspace is printed byte for byte by the window's export, by
// `ranklab-cli compare --workspace` and by Python's
// ranklab.evaluate(workspace=...).compare(): each face reaches the numbers
// and the text through the same functions (core/study).
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/main_window.h"
#include "ui/summary/summary_export.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"
#include "ui/ui_fixtures.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui {
namespace {

// The example workspace (three models, exclusions, cohorts) with a set-level
// metric among the evaluated ones, written into `dir`.
QString exampleWithGini(const QTemporaryDir& dir) {
    Workspace ws = readWorkspaceFile(test::exampleWorkspace().toStdString());
    ws.evaluation.metrics = {"ndcg", "recall", "gini"};
    ws.evaluation.cutoffs = {10};
    ws.comparison.reset();
    const QString path = QDir(dir.path()).filePath(QStringLiteral("start.ranklab"));
    writeWorkspaceFile(ws, path.toStdString());
    return path;
}

QByteArray run(const QString& program, const QStringList& arguments, const QStringList& environment = {}) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& entry : environment) env.insert(entry.section('=', 0, 0), entry.section('=', 1));
    process.setProcessEnvironment(env);
    process.start(program, arguments);
    if (!process.waitForFinished(180000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        ADD_FAILURE() << program.toStdString() << " failed: " << process.readAllStandardError().toStdString();
        return {};
    }
    return process.readAllStandardOutput();
}

void choose(QComboBox* box, const QString& text) {
    const int i = box->findText(text);
    ASSERT_GE(i, 0) << text.toStdString();
    box->setCurrentIndex(i);
}

TEST(StudyFacesTest, AWorkspaceSavedFromTheWindowPrintsTheWindowsBytesFromTheCliAndPython) {
    QTemporaryDir dir;
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, exampleWithGini(dir)));

    // The analyst's set-up, through the Summary's own controls.
    SummaryToolBar* bar = window.summaryView()->toolBar();
    choose(bar->baselineBox(), QStringLiteral("broad"));
    choose(bar->testBox(), QStringLiteral("Wilcoxon"));
    choose(bar->correctionBox(), QStringLiteral("Bonferroni"));
    bar->minEffectEdit()->setFocus();
    QTest::keyClicks(bar->minEffectEdit(), QStringLiteral("ndcg@10=0.01,2%"));
    QTest::keyClick(bar->minEffectEdit(), Qt::Key_Return);
    ASSERT_TRUE(test::waitIdle(window));
    const auto& shown = window.workbench()->result();
    ASSERT_TRUE(shown && shown->comparison && shown->setLevel);
    ASSERT_EQ(shown->comparison->options.tests.front(), stats::SignificanceTest::Wilcoxon);
    ASSERT_FALSE(shown->comparison->options.minEffect.byMetric.empty());

    const QString saved = QDir(dir.path()).filePath(QStringLiteral("study.ranklab"));
    ASSERT_TRUE(window.saveWorkspaceTo(saved));

    const QByteArray windowJson = window.summaryView()->exportText(SummaryFormat::Json);
    ASSERT_FALSE(windowJson.isEmpty());
    // The set-level metric's bootstrap and the practical classes are in it.
    EXPECT_TRUE(windowJson.contains("\"set_level\""));
    EXPECT_TRUE(windowJson.contains("\"practical\""));

    const QByteArray cli =
        run(QStringLiteral(RANKLAB_CLI), {QStringLiteral("compare"), QStringLiteral("--workspace"), saved,
                                          QStringLiteral("--format"), QStringLiteral("json")});
    EXPECT_EQ(cli.toStdString(), windowJson.toStdString());
    const QByteArray cliCsv =
        run(QStringLiteral(RANKLAB_CLI), {QStringLiteral("compare"), QStringLiteral("--workspace"), saved,
                                          QStringLiteral("--format"), QStringLiteral("csv")});
    EXPECT_EQ(cliCsv.toStdString(), window.summaryView()->exportText(SummaryFormat::Csv).toStdString());

#ifndef RANKLAB_PYTHON_DIR
    GTEST_SKIP() << "the Python module is not built (pybind11-dev): the window and the CLI agree";
#else
    const QByteArray fromPython = run(
        QStringLiteral(RANKLAB_PYTHON),
        {QStringLiteral("-c"),
         QStringLiteral("import sys, ranklab\n"
                        "r = ranklab.evaluate(workspace=sys.argv[1])\n"
                        "sys.stdout.write(r.compare(format='json'))\n"),
         saved},
        {QStringLiteral("PYTHONPATH=" RANKLAB_PYTHON_DIR)});
    EXPECT_EQ(fromPython.toStdString(), windowJson.toStdString());
#endif
}

} // namespace
} // namespace ranklab::ui
