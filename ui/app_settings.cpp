#include "ui/app_settings.h"

#include <QFileInfo>
#include <QSettings>

namespace ranklab::ui {
namespace {

const QString kGeometry = QStringLiteral("mainWindow/geometry");
const QString kState = QStringLiteral("mainWindow/state");
const QString kRecent = QStringLiteral("recentWorkspaces");

QString folderKey(AppSettings::Folder kind) {
    return kind == AppSettings::Folder::Workspace ? QStringLiteral("folders/workspace")
                                                  : QStringLiteral("folders/data");
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
