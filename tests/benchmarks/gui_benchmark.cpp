// The window under a 10M-line run: how long the GUI thread's event loop
// goes without a tick (a timer every 5 ms) while the workspace loads, is
// evaluated and compared in the background, and while a cutoff change
// re-evaluates from the cache. Runs offscreen.
//
//   ranklab_gui_bench --qrels QRELS --run RUN
#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <iostream>
#include <string>

#include "ui/application.h"
#include "common/allocator_tuning.h"
#include "ui/event_loop_gaps.h"
#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "workspace/workspace_file.h"

using namespace ranklab;
using namespace ranklab::ui;

namespace {

constexpr int kTimeoutMs = 30 * 60 * 1000;

bool waitIdle(MainWindow& window) {
    return QTest::qWaitFor([&] { return !window.workbench()->jobs()->isBusy(); }, kTimeoutMs);
}

} // namespace

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    std::string qrels, run;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--qrels" && i + 1 < argc) qrels = argv[++i];
        else if (a == "--run" && i + 1 < argc) run = argv[++i];
    }
    if (qrels.empty() || run.empty()) {
        std::cerr << "usage: ranklab_gui_bench --qrels QRELS --run RUN\n";
        return 2;
    }
    QApplication app(argc, argv);
    setUpApplication(app);

    QTemporaryDir dir;
    Workspace ws;
    ws.groundTruth = {qrels, {}};
    ws.models.push_back({"model", run, {}, "", true});
    const QString path = dir.filePath(QStringLiteral("bench.ranklab"));
    writeWorkspaceFile(ws, path.toStdString());

    MainWindow window;
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return 1;

    EventLoopGaps gaps(5);
    // When each result reached the window, to place the longest gap.
    QObject::connect(window.workbench(), &Workbench::evaluated, [&] {
        std::printf("  result %s at %.0f ms\n", window.workbench()->result()->comparison ? "with comparison" : "(evaluation)",
                    gaps.elapsedMs());
    });
    QElapsedTimer clock;
    gaps.start();
    clock.start();
    window.openWorkspace(path);
    if (!QTest::qWaitFor([&] { return window.dataset() != nullptr; }, kTimeoutMs) || !waitIdle(window)) return 1;
    gaps.stop();
    const double total = double(clock.elapsed()) / 1000;
    const auto lines = window.dataset()->models.at(0).report.lines;
    std::printf("load + evaluate + compare %llu run lines: %.1f s, longest event-loop gap %.1f ms (ending at %.0f ms, "
                "%d ticks)\n",
                static_cast<unsigned long long>(lines), total, gaps.longestGapMs(), gaps.longestGapEndMs(), gaps.ticks());

    Workspace next = window.workbench()->workspace();
    next.evaluation.cutoffs = {5, 20};
    gaps.start();
    clock.restart();
    window.workbench()->edit(next);
    if (!waitIdle(window)) return 1;
    gaps.stop();
    std::printf("re-evaluate from the cache (cutoffs 5, 20) + compare: %.1f s, longest event-loop gap %.1f ms "
                "(ending at %.0f ms)\n",
                double(clock.elapsed()) / 1000, gaps.longestGapMs(), gaps.longestGapEndMs());
    return 0;
}
