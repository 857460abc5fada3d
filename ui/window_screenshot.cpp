#include "ui/window_screenshot.h"

#include <QApplication>
#include <QPixmap>
#include <QTimer>

#include <cstdio>
#include <memory>

#include "ui/job_tracker.h"
#include "ui/main_window.h"

namespace ranklab::ui {
namespace {

// Lets pending layouts and paints settle, then grabs and quits.
void grabLater(MainWindow* window, const QString& file, bool loadOk) {
    QTimer::singleShot(300, window, [window, file, loadOk] {
        const bool saved = saveScreenshot(*window, file);
        if (!saved) std::fprintf(stderr, "ranklab: cannot write the screenshot %s\n", qPrintable(file));
        QApplication::exit(saved && loadOk ? 0 : 1);
    });
}

} // namespace

bool saveScreenshot(QWidget& window, const QString& file) { return window.grab().save(file); }

void screenshotAndQuit(MainWindow& window, const QString& file, bool waitForLoad) {
    MainWindow* w = &window;
    if (!waitForLoad) {
        grabLater(w, file, true);
        return;
    }
    // Loaded, then evaluated and compared: the background work goes idle.
    auto loaded = std::make_shared<bool>(false);
    QObject::connect(w, &MainWindow::workspaceLoaded, w, [loaded] { *loaded = true; });
    QObject::connect(w->workbench()->jobs(), &JobTracker::busyChanged, w, [w, file, loaded](bool busy) {
        if (!busy && *loaded) grabLater(w, file, true);
    });
    QObject::connect(w, &MainWindow::workspaceLoadFailed, w, [w, file](const QString&, const QString& message) {
        std::fprintf(stderr, "ranklab: %s\n", qPrintable(message));
        grabLater(w, file, false);
    });
    QObject::connect(w, &MainWindow::workspaceLoadCancelled, w, [w, file] { grabLater(w, file, false); });
}

} // namespace ranklab::ui
