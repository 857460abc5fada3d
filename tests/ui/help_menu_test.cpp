// Help → RankLab Manual shows the bundled page with the registry's metric
// table and the window's shortcuts filled in; Help → Keyboard Shortcuts
// reads the window's actions (an action added at run time is listed).
#include <QAction>
#include <QDialog>
#include <QKeySequence>
#include <QTextBrowser>

#include <gtest/gtest.h>

#include "metrics/registry.h"
#include "ui/main_window.h"

namespace ranklab::ui {
namespace {

QString browserText(QWidget* window, const char* dialogName) {
    for (QDialog* dialog : window->findChildren<QDialog*>())
        if (dialog->objectName() == QLatin1String(dialogName))
            if (auto* browser = dialog->findChild<QTextBrowser*>()) return browser->toPlainText();
    return {};
}

TEST(HelpMenuTest, ManualListsTheRegistrysMetricsAndTheWindowsShortcuts) {
    MainWindow window;
    QAction* manual = window.findChild<QAction*>(QStringLiteral("manualAction"));
    ASSERT_NE(manual, nullptr);
    manual->trigger();
    const QString text = browserText(&window, "manualDialog");
    ASSERT_FALSE(text.isEmpty());
    for (const char* tab : {"Summary", "Curves", "Rank distribution", "Per user", "User", "Cohorts", "Checks"})
        EXPECT_TRUE(text.contains(QLatin1String(tab))) << tab;
    for (const MetricFamily& family : metricFamilies()) {
        EXPECT_TRUE(text.contains(QString::fromUtf8(family.name.data(), qsizetype(family.name.size()))))
            << family.name;
        const QString definition = QString::fromUtf8(family.definition.data(), qsizetype(family.definition.size()));
        EXPECT_TRUE(text.contains(definition.left(30))) << family.name;
    }
    const QString ctrlE = QKeySequence(Qt::CTRL | Qt::Key_E).toString(QKeySequence::NativeText);
    EXPECT_TRUE(text.contains(ctrlE)) << text.toStdString();
}

TEST(HelpMenuTest, ShortcutListIsReadFromTheWindowsActions) {
    MainWindow window;
    // An action added now shows up: the list is not written by hand.
    auto* extra = new QAction(QStringLiteral("Frobnicate Everything"), &window);
    extra->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F));
    window.addAction(extra);
    QAction* shortcuts = window.findChild<QAction*>(QStringLiteral("shortcutsAction"));
    ASSERT_NE(shortcuts, nullptr);
    shortcuts->trigger();
    const QString text = browserText(&window, "shortcutsDialog");
    EXPECT_TRUE(text.contains(QStringLiteral("Frobnicate Everything"))) << text.toStdString();
    EXPECT_TRUE(text.contains(extra->shortcut().toString(QKeySequence::NativeText)));
    EXPECT_TRUE(text.contains(QStringLiteral("Evaluate")));
    EXPECT_TRUE(text.contains(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)));
    EXPECT_FALSE(text.contains(QStringLiteral("About Qt")));  // no shortcut, not listed
}

} // namespace
} // namespace ranklab::ui
