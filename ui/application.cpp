#include "ui/application.h"

#include <QApplication>

#include "ui/resources.h"

namespace ranklab::ui {

QString version() { return QStringLiteral(RANKLAB_VERSION); }

void setUpApplication(QApplication& app) {
    initResources();
    QApplication::setApplicationName(QStringLiteral("RankLab"));
    QApplication::setOrganizationName(QStringLiteral("RankLab"));
    QApplication::setApplicationDisplayName(QStringLiteral("RankLab"));
    QApplication::setApplicationVersion(version());
    QApplication::setDesktopFileName(QStringLiteral("ranklab"));
    app.setWindowIcon(appIcon());
}

} // namespace ranklab::ui
