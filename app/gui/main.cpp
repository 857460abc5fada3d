// ranklab [FILE.ranklab]: the desktop workbench.
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTimer>

#include <cstdio>
#include <cstring>

#include "common/allocator_tuning.h"

#include "ui/appearance.h"
#include "ui/application.h"
#include "ui/main_window.h"
#include "ui/window_screenshot.h"

namespace {

struct Options {
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Save a picture of the window once loaded, then quit."),
                                  QStringLiteral("FILE.png")};
    QCommandLineOption tab{QStringLiteral("tab"), QStringLiteral("With --screenshot: the tab to show first."),
                           QStringLiteral("NAME")};
};

void describe(QCommandLineParser& parser, Options& options) {
    parser.setApplicationDescription(QStringLiteral("RankLab: evaluate and compare rankings."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("workspace"), QStringLiteral("A .ranklab workspace file to open."),
                                 QStringLiteral("[FILE.ranklab]"));
    options.screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(options.screenshot);
    options.tab.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(options.tab);
}

// --help and --version print and exit without a window, so they must work
// without a display: they are answered before QApplication connects to one.
bool onlyPrints(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
            if (std::strcmp(argv[i], flag) == 0) return true;
    return false;
}

} // namespace

int main(int argc, char** argv) {
    if (onlyPrints(argc, argv)) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("RankLab"));
        QCoreApplication::setApplicationVersion(ranklab::ui::version());
        QCommandLineParser parser;
        Options options;
        describe(parser, options);
        parser.process(app);  // prints and exits
        return 0;
    }
    ranklab::keepFreedMemoryInProcess();
    QApplication app(argc, argv);
    ranklab::ui::setUpApplication(app);
    ranklab::ui::AppearanceManager::instance()->applySaved();  // light or dark, as the desktop by default

    QCommandLineParser parser;
    Options options;
    describe(parser, options);
    parser.process(app);

    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fputs("ranklab: give at most one workspace file\n", stderr);
        return 2;
    }

    ranklab::ui::MainWindow window;
    if (parser.isSet(options.screenshot))
        ranklab::ui::screenshotAndQuit(window, parser.value(options.screenshot), !files.isEmpty(),
                                       parser.value(options.tab));
    else
        window.restoreWindowState();
    window.show();
    if (!files.isEmpty()) window.openWorkspace(files.first());
    // Work a crash left unsaved: offered once the window shows (not for a screenshot).
    if (!parser.isSet(options.screenshot))
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return app.exec();
}
