// Adding and removing a model in the workbench: how long until the new
// evaluation is shown, against reading every file again (what each
// addition cost before models were kept between loads). Uses the folder
// `ranklab-cli synth` writes (qrels.txt, toprank.run, broad.run,
// popularity.run). No window: the Workbench alone.
//
//   ranklab_model_edit_bench --dir SYNTH_FOLDER
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <iostream>
#include <string>

#include "common/allocator_tuning.h"
#include "ui/job_tracker.h"
#include "ui/workbench.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

constexpr int kTimeoutMs = 30 * 60 * 1000;

// Seconds from `start()` until the workbench is idle with a comparison shown.
template <typename Start> double timed(Workbench& bench, Start&& start) {
    QElapsedTimer timer;
    timer.start();
    start();
    if (!QTest::qWaitFor([&] { return !bench.jobs()->isBusy() && bench.result() && bench.result()->comparison; },
                         kTimeoutMs))
        return -1;  // timed out: reported as a negative time
    return double(timer.nsecsElapsed()) / 1e9;
}

} // namespace

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    std::string dir;
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--dir" && i + 1 < argc) dir = argv[++i];
    if (dir.empty()) {
        std::cerr << "usage: ranklab_model_edit_bench --dir SYNTH_FOLDER\n";
        return 2;
    }
    QCoreApplication app(argc, argv);
    QTemporaryDir tmp;
    Workspace ws;
    ws.groundTruth = {dir + "/qrels.txt", {}};
    for (const char* name : {"toprank", "broad"}) ws.models.push_back({name, dir + "/" + name + ".run", {}, "", true});
    const QString path = tmp.filePath(QStringLiteral("bench.ranklab"));
    writeWorkspaceFile(ws, path.toStdString());

    Workbench bench;
    const double open2 = timed(bench, [&] { bench.open(path); });
    const double open2Load = bench.lastLoadSeconds();
    Workspace three = bench.workspace();
    three.models.push_back({"popularity", dir + "/popularity.run", {}, "", true});
    const double add = timed(bench, [&] { bench.edit(three); });
    const double addLoad = bench.lastLoadSeconds();
    const bool incremental = bench.lastLoadWasIncremental();
    const double reload = timed(bench, [&] { bench.reload(); });
    const double reloadLoad = bench.lastLoadSeconds();
    Workspace two = bench.workspace();
    two.models.erase(two.models.begin());
    const double remove = timed(bench, [&] { bench.edit(two); });
    const double removeLoad = bench.lastLoadSeconds();
    std::printf("                                 reading   until shown (evaluated and compared)\n");
    std::printf("open (2 models)                 %7.2f s %7.2f s\n", open2Load, open2);
    std::printf("add the 3rd model               %7.2f s %7.2f s (%s)\n", addLoad, add,
                incremental ? "only its file read" : "all read");
    std::printf("read all 3 again (the old add)  %7.2f s %7.2f s\n", reloadLoad, reload);
    std::printf("remove a model                  %7.2f s %7.2f s\n", removeLoad, remove);
    return 0;
}
