#pragma once
// What RankLab remembers between runs: the window's geometry and layout,
// the last folder of each kind of file, and the recent workspaces. The only
// place that touches QSettings; everything else asks it through typed
// getters and setters.
#include <QByteArray>
#include <QSize>
#include <QString>
#include <QStringList>

namespace ranklab::ui {

class AppSettings {
public:
    static constexpr int kMaxRecentWorkspaces = 10;

    // The kinds of file whose last folder is remembered separately.
    enum class Folder { Workspace, Data, Export };

    static QByteArray windowGeometry();
    static void setWindowGeometry(const QByteArray& geometry);
    static QByteArray windowState();
    static void setWindowState(const QByteArray& state);

    // The folder a file dialog of this kind last chose; empty at first.
    static QString lastFolder(Folder kind);
    // Remembers the folder holding `file` (or `file` itself if a folder).
    static void setLastFolder(Folder kind, const QString& file);
    // The folder a file dialog of this kind opens in: the one it last chose
    // if it still exists, else the open workspace's folder (for data and
    // exports), else the home folder; never the process's working folder.
    static QString startFolder(Folder kind);
    // startFolder(kind) joined with a suggested file name.
    static QString startPath(Folder kind, const QString& fileName);
    // The open workspace's file (empty: none or untitled), for startFolder;
    // kept for this run only.
    static void setWorkspaceFile(const QString& path);

    // The PNG size and DPI the chart export dialog last used (1200 × 800 at 150 first).
    static QSize chartExportPixels();
    static int chartExportDpi();
    static void setChartExport(QSize pixels, int dpi);

    // Newest first, absolute paths.
    static QStringList recentWorkspaces();
    // Puts `path` (made absolute) first, keeping at most kMaxRecentWorkspaces.
    static void addRecentWorkspace(const QString& path);
    static void clearRecentWorkspaces();
};

} // namespace ranklab::ui
