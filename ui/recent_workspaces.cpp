#include "ui/recent_workspaces.h"

#include <QFileInfo>
#include <QSettings>

namespace ranklab::ui {
namespace {
const QString kKey = QStringLiteral("recentWorkspaces");
}

QStringList RecentWorkspaces::list() { return QSettings().value(kKey).toStringList(); }

void RecentWorkspaces::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList paths = list();
    paths.removeAll(absolute);
    paths.prepend(absolute);
    while (paths.size() > kMaxEntries) paths.removeLast();
    QSettings().setValue(kKey, paths);
}

void RecentWorkspaces::clear() { QSettings().remove(kKey); }

} // namespace ranklab::ui
