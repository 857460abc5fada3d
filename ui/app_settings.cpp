#include "ui/app_settings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace ranklab::ui {
namespace {

const QString kGeometry = QStringLiteral("mainWindow/geometry");
const QString kState = QStringLiteral("mainWindow/state");
const QString kRecent = QStringLiteral("recentWorkspaces");

QString folderKey(AppSettings::Folder kind) {
    switch (kind) {
    case AppSettings::Folder::Workspace: return QStringLiteral("folders/workspace");
    case AppSettings::Folder::Data: return QStringLiteral("folders/data");
    case AppSettings::Folder::Export: return QStringLiteral("folders/export");
    }
    return QStringLiteral("folders/data");
}

} // namespace

QByteArray AppSettings::windowGeometry() { return QSettings().value(kGeometry).toByteArray(); }
void AppSettings::setWindowGeometry(const QByteArray& geometry) { QSettings().setValue(kGeometry, geometry); }
QByteArray AppSettings::windowState() { return QSettings().value(kState).toByteArray(); }
void AppSettings::setWindowState(const QByteArray& state) { QSettings().setValue(kState, state); }

QString AppSettings::lastFolder(Folder kind) { return QSettings().value(folderKey(kind)).toString(); }

void AppSettings::setLastFolder(Folder kind, const QString& file) {
    const QFileInfo info(file);
    QSettings().setValue(folderKey(kind), info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

namespace {
QString& workspaceFile() {
    static QString path;
    return path;
}
} // namespace

void AppSettings::setWorkspaceFile(const QString& path) { workspaceFile() = path; }

QString AppSettings::startFolder(Folder kind) {
    const QString last = lastFolder(kind);
    if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
    if (kind != Folder::Workspace && !workspaceFile().isEmpty()) {
        const QFileInfo workspace(workspaceFile());
        if (workspace.absoluteDir().exists()) return workspace.absolutePath();
    }
    return QDir::homePath();
}

QString AppSettings::startPath(Folder kind, const QString& fileName) {
    return QDir(startFolder(kind)).filePath(fileName);
}

QSize AppSettings::chartExportPixels() {
    const QSize size = QSettings().value(QStringLiteral("chartExport/pixels"), QSize(1200, 800)).toSize();
    return size.isValid() ? size : QSize(1200, 800);
}

int AppSettings::chartExportDpi() { return QSettings().value(QStringLiteral("chartExport/dpi"), 150).toInt(); }

void AppSettings::setChartExport(QSize pixels, int dpi) {
    QSettings settings;
    settings.setValue(QStringLiteral("chartExport/pixels"), pixels);
    settings.setValue(QStringLiteral("chartExport/dpi"), dpi);
}

QStringList AppSettings::recentWorkspaces() { return QSettings().value(kRecent).toStringList(); }

void AppSettings::addRecentWorkspace(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList paths = recentWorkspaces();
    paths.removeAll(absolute);
    paths.prepend(absolute);
    while (paths.size() > kMaxRecentWorkspaces) paths.removeLast();
    QSettings().setValue(kRecent, paths);
}

void AppSettings::clearRecentWorkspaces() { QSettings().remove(kRecent); }

} // namespace ranklab::ui
