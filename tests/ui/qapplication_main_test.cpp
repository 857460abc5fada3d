// The UI tests' main(): a QApplication must exist before any widget or
// model test runs. Named *_test.cpp so the tests' glob picks it up.
#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

#include <gtest/gtest.h>

#include "ui/application.h"
#include "common/allocator_tuning.h"

int main(int argc, char** argv) {
    ranklab::keepFreedMemoryInProcess();
    // Test discovery runs this binary at build time, without ctest's
    // environment and maybe without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // QSettings (recent files, window state) go to a test folder.
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    ranklab::ui::setUpApplication(app);
    // ctest runs tests in parallel processes: each gets a settings file of
    // its own (so one test's recent files never show up in another's), which
    // goes away with the process.
    QCoreApplication::setApplicationName(
        QStringLiteral("%1-test-%2").arg(QCoreApplication::applicationName()).arg(QCoreApplication::applicationPid()));
    const QString settingsFile = QSettings().fileName();
    ::testing::InitGoogleTest(&argc, argv);
    const int result = RUN_ALL_TESTS();
    QFile::remove(settingsFile);
    return result;
}
