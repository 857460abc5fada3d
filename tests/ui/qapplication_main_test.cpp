// The UI tests' main(): a QApplication must exist before any widget or
// model test runs. Named *_test.cpp so the tests' glob picks it up.
#include <QApplication>
#include <QStandardPaths>

#include <gtest/gtest.h>

#include "ui/application.h"

int main(int argc, char** argv) {
    // Test discovery runs this binary at build time, without ctest's
    // environment and maybe without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // QSettings (recent files, window state) go to a test folder.
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    ranklab::ui::setUpApplication(app);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
