// Light or dark: the portal's colour-scheme values read as the XDG spec
// says, View → Appearance → Dark turns the window and the charts shown dark
// (exports stay white), Light brings the platform's look back, and the
// choice is kept.
#include "ui/appearance.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/main_window.h"
#include "ui/ui_fixtures.h"
#include "ui/views/analysis_view.h"
#include "ui/views/chart_panel.h"

namespace ranklab::ui {
namespace {

TEST(AppearanceTest, ThePortalsColorSchemeReadsAsTheSpecSays) {
    // org.freedesktop.appearance color-scheme: 0 no preference, 1 dark, 2 light.
    EXPECT_EQ(prefersDarkFromPortal(QVariant(uint(1))), std::optional<bool>(true));
    EXPECT_EQ(prefersDarkFromPortal(QVariant(uint(2))), std::optional<bool>(false));
    EXPECT_EQ(prefersDarkFromPortal(QVariant(uint(0))), std::nullopt);
    EXPECT_EQ(prefersDarkFromPortal(QVariant(uint(7))), std::nullopt);
    EXPECT_EQ(prefersDarkFromPortal(QVariant(QStringLiteral("dark"))), std::nullopt);
}

TEST(AppearanceTest, WithoutAPortalTheSystemIsThePlatformPalettesLightness) {
    // No session bus here (offscreen tests): the palette decides.
    QPalette dark = darkPalette(), light;
    light.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    if (!qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS")) {
        EXPECT_TRUE(systemPrefersDark(dark));
        EXPECT_FALSE(systemPrefersDark(light));
    }
    EXPECT_LT(dark.color(QPalette::Window).lightness(), 128);
    // Text stays readable on the dark window and base (WCAG-like contrast by lightness).
    EXPECT_GT(dark.color(QPalette::WindowText).lightness() - dark.color(QPalette::Window).lightness(), 150);
    EXPECT_GT(dark.color(QPalette::Text).lightness() - dark.color(QPalette::Base).lightness(), 150);
}

TEST(AppearanceTest, ViewAppearanceDarkTurnsTheWindowAndItsChartsDarkAndLightBringsThemBack) {
    AppearanceManager* appearance = AppearanceManager::instance();
    const QColor platformWindow = QApplication::palette().color(QPalette::Window);
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    auto* dark = window.findChild<QAction*>(QStringLiteral("appearance%1").arg(int(Appearance::Dark)));
    auto* light = window.findChild<QAction*>(QStringLiteral("appearance%1").arg(int(Appearance::Light)));
    auto* system = window.findChild<QAction*>(QStringLiteral("appearance%1").arg(int(Appearance::System)));
    ASSERT_TRUE(dark && light && system);

    dark->trigger();
    QTest::qWait(20);  // the palette reaches the widgets through posted events
    EXPECT_TRUE(appearance->isDark());
    EXPECT_TRUE(dark->isChecked());
    EXPECT_LT(window.palette().color(QPalette::Window).lightness(), 128);
    EXPECT_EQ(QSettings().value(QStringLiteral("appearance")).toString(), QStringLiteral("dark"));
    // Every chart shown on a tab is dark; a chart shown after the switch too.
    int charts = 0;
    for (int i = 0; i < window.tabs()->count(); ++i) {
        window.tabs()->setCurrentIndex(i);
        ASSERT_TRUE(QTest::qWaitFor([&] { return !window.workbench()->jobs()->isBusy(); }, test::kWaitMs));
        QTest::qWait(50);
        for (ChartPanel* panel : window.findChildren<ChartPanel*>()) {
            if (!panel->hasChart()) continue;
            ++charts;
            EXPECT_LT(panel->chart()->backgroundBrush().color().lightness(), 128)
                << "tab " << window.tabs()->tabText(i).toStdString();
        }
    }
    EXPECT_GT(charts, 0);

    light->trigger();
    QTest::qWait(20);
    EXPECT_FALSE(appearance->isDark());
    EXPECT_EQ(QApplication::palette().color(QPalette::Window), platformWindow);
    for (ChartPanel* panel : window.findChildren<ChartPanel*>())
        if (panel->hasChart()) {
            EXPECT_GT(panel->chart()->backgroundBrush().color().lightness(), 200)
                << panel->parentWidget()->metaObject()->className();
        }

    system->trigger();  // offscreen has a light platform palette and no portal
    EXPECT_EQ(appearance->choice(), Appearance::System);
    EXPECT_EQ(QSettings().value(QStringLiteral("appearance")).toString(), QStringLiteral("system"));
}

} // namespace
} // namespace ranklab::ui
