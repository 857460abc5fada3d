#pragma once
// Light or dark, following the desktop by default. Qt 6.4 (Debian 12) has no
// colour-scheme API, so "System" asks the desktop the way Qt 6.5 does on
// Linux: the XDG desktop portal's org.freedesktop.appearance color-scheme
// (1: prefers dark, 2: prefers light), and without a portal the platform
// palette's own lightness (KDE, qt6ct). Dark is Fusion with a dark palette;
// charts on screen follow (chart_panel), exports stay on white.
#include <QObject>
#include <QPalette>
#include <QVariant>

#include <optional>

namespace ranklab::ui {

enum class Appearance { System, Light, Dark };

// The portal's color-scheme value (unwrapped from its D-Bus variants):
// true prefers dark, false light, none: no preference (0) or not a scheme.
std::optional<bool> prefersDarkFromPortal(const QVariant& colorScheme);

// The desktop's preference now: the portal's, else whether `platform` (the
// palette the platform theme gave the application) is dark.
bool systemPrefersDark(const QPalette& platform);

// The dark palette RankLab uses (Fusion's roles, readable contrast).
QPalette darkPalette();

// The one place the look is set and announced.
class AppearanceManager : public QObject {
    Q_OBJECT
public:
    static AppearanceManager* instance();

    Appearance choice() const { return choice_; }
    bool isDark() const { return dark_; }
    // Applies `choice` to the application and saves it (QSettings).
    void setChoice(Appearance choice);
    // Applies the saved choice (at start-up).
    void applySaved();

Q_SIGNALS:
    void darkChanged(bool dark);

public:
    // The portal said a setting changed (appearance.cpp's listener).
    void onPortalSettingChanged(const QString& group, const QString& key, const QVariant& value);

private:
    AppearanceManager();
    void apply();

    Appearance choice_ = Appearance::System;
    bool dark_ = false;
    bool listening_ = false;
    QString lightStyle_;     // the style and palette before dark (restored by light)
    QPalette platformPalette_;
    std::optional<bool> portalDark_;
};

} // namespace ranklab::ui
