#pragma once
// The small workspaces under tests/data/ui and what the core makes of them,
// and opening one in a workbench or the main window and waiting until it
// has settled.
#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QString>
#include <QStringList>
#include <QTest>

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <memory>
#include <string>

#include "io/dataset.h"
#include "io/dataset_loader.h"
#include "synth/synth.h"
#include "ui/job_tracker.h"
#include "ui/loaded_files_model.h"
#include "ui/main_window.h"
#include "ui/report/report_export.h"
#include "ui/workbench.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui::test {

// qrels.txt, toprank.run and bm25.run (TREC), train.tsv exclusions and
// groups.tsv cohorts.
inline QString foundationWorkspace() { return QStringLiteral(RANKLAB_TEST_DATA "/ui/foundation.ranklab"); }
// qrels.txt with toprank.run and bad.run, whose line 3 has the score "high".
inline QString badRunWorkspace() { return QStringLiteral(RANKLAB_TEST_DATA "/ui/bad_run.ranklab"); }

// The bundled example workspace (resources/examples).
inline QString exampleWorkspace() { return QStringLiteral(RANKLAB_EXAMPLES "/example.ranklab"); }

constexpr int kWaitMs = 60000;

// Waits until no background work of `bench` runs; false on timeout.
inline bool waitIdle(Workbench& bench, int ms = kWaitMs) {
    return QTest::qWaitFor([&] { return !bench.jobs()->isBusy(); }, ms);
}

// Waits until nothing of `window` runs in the background: its workbench,
// every analysis view and the report export; false on timeout.
inline bool waitIdle(MainWindow& window, int ms = kWaitMs) {
    return QTest::qWaitFor(
        [&] {
            if (window.workbench()->jobs()->isBusy()) return false;
            for (const AnalysisView* v : window.analysisViews())
                if (v->jobs()->isBusy()) return false;
            return !(window.reportExporter() && window.reportExporter()->jobs()->isBusy());
        },
        ms);
}

// Opens `path` in `bench`: true once it has loaded (once) and is idle.
inline bool openSettled(Workbench& bench, const QString& path) {
    QSignalSpy loaded(&bench, &Workbench::loaded);
    bench.open(path);
    return waitIdle(bench) && loaded.size() == 1;
}

// The same, and the comparison of its evaluation is there.
inline bool openCompared(Workbench& bench, const QString& path) {
    return openSettled(bench, path) && bench.result() && bench.result()->comparison;
}

// Opens `path` in `window`: true once it has loaded and nothing of the
// window runs in the background.
inline bool openSettled(MainWindow& window, const QString& path, int ms = kWaitMs) {
    QSignalSpy loaded(&window, &MainWindow::workspaceLoaded);
    window.openWorkspace(path);
    return QTest::qWaitFor([&] { return !loaded.isEmpty(); }, ms) && waitIdle(window, ms);
}

// Opens `path` in `window`: true once it has loaded, the comparison of its
// evaluation is there and its workbench is idle.
inline bool openCompared(MainWindow& window, const QString& path, int ms = kWaitMs) {
    QSignalSpy loaded(&window, &MainWindow::workspaceLoaded);
    window.openWorkspace(path);
    auto compared = [&] {
        const auto& r = window.workbench()->result();
        return r && r->comparison && !window.workbench()->jobs()->isBusy();
    };
    return QTest::qWaitFor([&] { return !loaded.isEmpty(); }, ms) && QTest::qWaitFor(compared, ms);
}

// A workspace of `models` synthetic runs of `users` x 100 lines each (so
// 10,000 users give a 1M-line run), written once per test process into a
// temporary folder (ranklab synth, seed 7), removed when the tests end.
inline QString syntheticWorkspace(std::uint32_t users, std::size_t models = 1) {
    static std::map<std::pair<std::uint32_t, std::size_t>, std::unique_ptr<QTemporaryDir>> made;
    auto& slot = made[{users, models}];
    if (!slot) slot = std::make_unique<QTemporaryDir>();
    const QString dir = slot->path();
    const QString file = QDir(dir).filePath(QStringLiteral("synth.ranklab"));
    if (QFileInfo::exists(file)) return file;
    synth::SynthOptions o;
    o.outDir = dir.toStdString();
    o.users = users;
    o.items = 20000;
    o.perUser = 100;
    o.seed = 7;
    synth::writeSyntheticData(o);
    Workspace ws;
    ws.groundTruth = {QDir(dir).filePath(QStringLiteral("qrels.txt")).toStdString(), {}};
    const char* names[] = {"toprank", "broad", "popularity"};
    for (std::size_t i = 0; i < models && i < 3; ++i) {
        WorkspaceModel m;
        m.name = names[i];
        m.path = QDir(dir).filePath(QStringLiteral("%1.run").arg(QString::fromLatin1(names[i]))).toStdString();
        ws.models.push_back(m);
    }
    writeWorkspaceFile(ws, file.toStdString());
    return file;
}

// Collects what QAbstractItemModelTester (in Warning mode) complains about.
class TesterMessages {
public:
    TesterMessages() {
        messages().clear();
        previous_ = qInstallMessageHandler(&TesterMessages::handle);
    }
    ~TesterMessages() { qInstallMessageHandler(previous_); }
    static QStringList& messages() {
        static QStringList list;
        return list;
    }
    static std::string text() { return messages().join(QLatin1Char('\n')).toStdString(); }

private:
    static void handle(QtMsgType type, const QMessageLogContext& context, const QString& text) {
        if (type != QtDebugMsg && type != QtInfoMsg) messages() << QStringLiteral("%1: %2").arg(context.category, text);
    }
    QtMessageHandler previous_;
};

// The core loader, counting its calls (a re-read is a call).
struct CountingLoader {
    std::shared_ptr<std::atomic<int>> calls = std::make_shared<std::atomic<int>>(0);
    Workbench::Loader loader() const {
        return [calls = calls](const Workspace& ws, const Progress& progress) {
            calls->fetch_add(1);
            return std::make_shared<const Dataset>(loadDataset(toSources(ws), toReadOptions(ws), &progress));
        };
    }
};

// What the core loader gives for a workspace file, without the UI.
inline Dataset loadWithCore(const QString& workspacePath) {
    Workspace ws = readWorkspaceFile(workspacePath.toStdString());
    return loadDataset(toSources(ws), toReadOptions(ws));
}

// Row `row` of `model` shows `report` as the core wrote it.
inline void expectRow(const LoadedFilesModel& model, int row, const char* role, const char* name,
                      const LoadReport& report) {
    SCOPED_TRACE("row " + std::to_string(row) + " (" + name + ")");
    auto text = [&](int column) { return model.index(row, column).data().toString().toStdString(); };
    auto number = [&](int column) {
        return model.index(row, column).data(LoadedFilesModel::ValueRole).toULongLong();
    };
    using M = LoadedFilesModel;
    EXPECT_EQ(text(M::RoleColumn), role);
    EXPECT_EQ(text(M::NameColumn), name);
    EXPECT_EQ(text(M::PathColumn), report.path);
    EXPECT_EQ(text(M::FormatColumn), report.format);
    EXPECT_EQ(text(M::CompressionColumn), compressionName(report.compression));
    EXPECT_EQ(number(M::LinesColumn), report.lines);
    EXPECT_EQ(number(M::EntriesColumn), report.records);
    EXPECT_EQ(number(M::UsersColumn), report.users);
    EXPECT_EQ(number(M::ItemsColumn), report.items);
    EXPECT_EQ(number(M::SkippedColumn), report.skippedLines);
    EXPECT_EQ(number(M::DuplicatesColumn), report.duplicatesDropped + report.identicalDuplicates);
    EXPECT_EQ(number(M::WarningsColumn), report.warnings.size());
}

} // namespace ranklab::ui::test
