#include "ui/window_screenshot.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <memory>

#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/user_file.h"
#include "ui/views/analysis_view.h"

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

bool saveScreenshot(QWidget& window, const QString& file) {
    // Encoded in memory (the format from the extension), written by the engine's writer.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!window.grab().save(&buffer, QFileInfo(file).suffix().toLower().toLatin1().constData())) return false;
    buffer.close();
    QString error;
    if (writeUserFile(file, bytes, &error)) return true;
    std::fprintf(stderr, "ranklab: %s\n", qPrintable(error));
    return false;
}

void screenshotAndQuit(MainWindow& window, const QString& file, bool waitForLoad, const QString& tab) {
    MainWindow* w = &window;
    if (!waitForLoad) {
        grabLater(w, file, true);
        return;
    }
    // Loaded, evaluated and compared, then the chosen tab shown and its own
    // work done: checked on a timer, since several jobs finish in turn.
    auto loaded = std::make_shared<bool>(false);
    QObject::connect(w, &MainWindow::workspaceLoaded, w, [loaded] { *loaded = true; });
    auto* poll = new QTimer(w);
    poll->setInterval(200);
    QObject::connect(poll, &QTimer::timeout, w, [w, file, loaded, tab, poll] {
        if (!*loaded || w->workbench()->jobs()->isBusy()) return;
        if (!w->workbench()->dataset()) {  // opened without its ground truth: nothing to wait for
            poll->stop();
            grabLater(w, file, false);
            return;
        }
        const auto& result = w->workbench()->result();
        if (!result || !result->comparison) return;
        QTabWidget* tabs = w->tabs();
        if (!tab.isEmpty()) {
            int index = -1;
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i).compare(tab, Qt::CaseInsensitive) == 0) index = i;
            if (index < 0) {
                std::fprintf(stderr, "ranklab: no tab named %s\n", qPrintable(tab));
                poll->stop();
                QApplication::exit(1);
                return;
            }
            tabs->setCurrentIndex(index);
        }
        if (auto* view = qobject_cast<AnalysisView*>(tabs->currentWidget()))
            if (view->isStale() || view->jobs()->isBusy()) return;
        poll->stop();
        grabLater(w, file, true);
    });
    poll->start();
    QObject::connect(w, &MainWindow::workspaceLoadFailed, w, [w, file, poll](const QString&, const QString& message) {
        std::fprintf(stderr, "ranklab: %s\n", qPrintable(message));
        poll->stop();
        grabLater(w, file, false);
    });
    QObject::connect(w, &MainWindow::workspaceLoadCancelled, w, [w, file, poll] {
        poll->stop();
        grabLater(w, file, false);
    });
}

} // namespace ranklab::ui
