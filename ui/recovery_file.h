#pragma once
// Never lose an afternoon: the open workspace's unsaved state is written,
// a moment after each edit, to a recovery file of this process (the
// workspace file format, in the application's data folder, atomically);
// saving, or closing the window normally, removes it. A recovery file whose
// process is no longer running was left by a crash or a kill: the next start
// offers to restore it (MainWindow::offerRecovery).
#include <QDateTime>
#include <QList>
#include <QString>

#include "workspace/workspace_file.h"

namespace ranklab::ui {

class RecoveryFile {
public:
    // A recovery file left by a process that is no longer running.
    struct Found {
        QString file;          // the workspace file to open
        QString originalPath;  // the workspace's own file (empty: it was never saved)
        QDateTime written;
        qint64 pid = 0;
    };

    // <application data>/recovery
    static QString folder();
    // This process's recovery file: `workspace`, unsaved, whose own file is
    // `originalPath`. Returns false (and leaves any previous one) on failure.
    static bool write(const Workspace& workspace, const QString& originalPath);
    // Removes this process's recovery file, if any.
    static void remove();
    // Recovery files of processes no longer running, newest first.
    static QList<Found> leftBehind();
    static void discard(const Found& found);
    // The file name of process `pid`'s recovery workspace (tests plant one).
    static QString fileOf(qint64 pid);
};

} // namespace ranklab::ui
