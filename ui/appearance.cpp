#include "ui/appearance.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace ranklab::ui {
namespace {

const QString kPortalService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString kPortalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString kPortalSettings = QStringLiteral("org.freedesktop.portal.Settings");
const QString kAppearanceGroup = QStringLiteral("org.freedesktop.appearance");
const QString kColorScheme = QStringLiteral("color-scheme");
const QString kSettingsKey = QStringLiteral("appearance");

// A D-Bus reply's variant may be wrapped once or twice (Read returns v of v).
QVariant unwrap(QVariant v) {
    for (int i = 0; i < 3 && v.canConvert<QDBusVariant>() && v.userType() == qMetaTypeId<QDBusVariant>(); ++i)
        v = v.value<QDBusVariant>().variant();
    return v;
}

// The portal's answer, asked with a short timeout (no portal: no answer).
std::optional<bool> askPortal() {
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) return std::nullopt;
    QDBusMessage ask = QDBusMessage::createMethodCall(kPortalService, kPortalPath, kPortalSettings, QStringLiteral("Read"));
    ask << kAppearanceGroup << kColorScheme;
    const QDBusMessage reply = bus.call(ask, QDBus::Block, 300);
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty()) return std::nullopt;
    return prefersDarkFromPortal(reply.arguments().constFirst());
}

bool paletteIsDark(const QPalette& p) { return p.color(QPalette::Window).lightness() < 128; }

Appearance fromKey(const QString& key) {
    if (key == QLatin1String("light")) return Appearance::Light;
    if (key == QLatin1String("dark")) return Appearance::Dark;
    return Appearance::System;
}

QString toKey(Appearance a) {
    switch (a) {
    case Appearance::Light: return QStringLiteral("light");
    case Appearance::Dark: return QStringLiteral("dark");
    case Appearance::System: break;
    }
    return QStringLiteral("system");
}

} // namespace

// The portal's SettingChanged(s, s, v), passed on with the value unwrapped.
class PortalListener : public QObject {
    Q_OBJECT
public:
    explicit PortalListener(AppearanceManager* manager) : QObject(manager), manager_(manager) {}
public Q_SLOTS:
    void settingChanged(const QString& group, const QString& key, const QDBusVariant& value) {
        manager_->onPortalSettingChanged(group, key, value.variant());
    }

private:
    AppearanceManager* manager_;
};

std::optional<bool> prefersDarkFromPortal(const QVariant& colorScheme) {
    const QVariant v = unwrap(colorScheme);
    bool ok = false;
    const uint value = v.toUInt(&ok);
    if (!ok) return std::nullopt;
    if (value == 1) return true;
    if (value == 2) return false;
    return std::nullopt;
}

bool systemPrefersDark(const QPalette& platform) {
    if (const std::optional<bool> portal = askPortal()) return *portal;
    return paletteIsDark(platform);
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1f, 0x21, 0x23), text(0xe6, 0xe6, 0xe6),
        disabled(0x80, 0x80, 0x80), highlight(0x3d, 0x7e, 0xd6), button(0x35, 0x37, 0x3a);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3c, 0x40));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, button.lighter(130));
    p.setColor(QPalette::Midlight, button.lighter(115));
    p.setColor(QPalette::Mid, button.darker(120));
    p.setColor(QPalette::Dark, button.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}

AppearanceManager* AppearanceManager::instance() {
    static AppearanceManager* manager = new AppearanceManager;  // lives with the process (a QObject without parent)
    return manager;
}

// Made after QApplication: what it holds now is the platform's.
AppearanceManager::AppearanceManager()
    : lightStyle_(QApplication::style()->name()), platformPalette_(QGuiApplication::palette()) {}

void AppearanceManager::applySaved() {
    choice_ = fromKey(QSettings().value(kSettingsKey).toString());
    apply();
}

void AppearanceManager::setChoice(Appearance choice) {
    choice_ = choice;
    QSettings().setValue(kSettingsKey, toKey(choice));
    apply();
}

void AppearanceManager::apply() {
    if (choice_ == Appearance::System && !listening_) {
        listening_ = true;
        QDBusConnection bus = QDBusConnection::sessionBus();
        if (bus.isConnected()) {
            auto* listener = new PortalListener(this);
            bus.connect(kPortalService, kPortalPath, kPortalSettings, QStringLiteral("SettingChanged"), listener,
                        SLOT(settingChanged(QString, QString, QDBusVariant)));
        }
    }
    bool dark = false;
    if (choice_ == Appearance::Dark) dark = true;
    else if (choice_ == Appearance::System) dark = portalDark_ ? *portalDark_ : systemPrefersDark(platformPalette_);
    if (dark == dark_) return;
    if (dark) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    } else {
        if (QStyle* light = QStyleFactory::create(lightStyle_)) QApplication::setStyle(light);
        QApplication::setPalette(platformPalette_);
    }
    dark_ = dark;
    Q_EMIT darkChanged(dark_);
}

void AppearanceManager::onPortalSettingChanged(const QString& group, const QString& key, const QVariant& value) {
    if (group != kAppearanceGroup || key != kColorScheme) return;
    portalDark_ = prefersDarkFromPortal(value);
    if (choice_ == Appearance::System) apply();
}

} // namespace ranklab::ui

#include "appearance.moc"
