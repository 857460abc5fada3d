// ranklab [FILE.ranklab]: the desktop workbench.
#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

#include "common/allocator_tuning.h"

#include "ui/application.h"
#include "ui/main_window.h"
#include "ui/window_screenshot.h"

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    QApplication app(argc, argv);
    ranklab::ui::setUpApplication(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RankLab: evaluate and compare rankings."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("workspace"), QStringLiteral("A .ranklab workspace file to open."),
                                 QStringLiteral("[FILE.ranklab]"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Save a picture of the window once loaded, then quit."),
                                  QStringLiteral("FILE.png"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(screenshot);
    QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("With --screenshot: the tab to show first."),
                           QStringLiteral("NAME"));
    tab.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(tab);
    parser.process(app);

    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fputs("ranklab: give at most one workspace file\n", stderr);
        return 2;
    }

    ranklab::ui::MainWindow window;
    if (parser.isSet(screenshot))
        ranklab::ui::screenshotAndQuit(window, parser.value(screenshot), !files.isEmpty(), parser.value(tab));
    else
        window.restoreWindowState();
    window.show();
    if (!files.isEmpty()) window.openWorkspace(files.first());
    return app.exec();
}
