#include "ui/wheel_guard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace ranklab::ui {
namespace {

bool guarded(const QObject* o) {
    return qobject_cast<const QComboBox*>(o) || qobject_cast<const QAbstractSpinBox*>(o);
}

class WheelGuard : public QObject {
public:
    using QObject::QObject;

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Polish && guarded(watched)) {
            // Qt gives these boxes the focus on a wheel turn before any
            // filter sees it: strong focus is click or Tab only.
            auto* w = static_cast<QWidget*>(watched);
            if (w->focusPolicy() == Qt::WheelFocus) w->setFocusPolicy(Qt::StrongFocus);
        } else if (event->type() == QEvent::Wheel && guarded(watched) &&
                   !static_cast<QWidget*>(watched)->hasFocus()) {
            // Not for this box: ignored, so Qt offers it to the parents (the
            // scroll area scrolls).
            event->ignore();
            return true;
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

void installWheelGuard(QApplication& app) {
    static constexpr const char* kInstalled = "ranklabWheelGuard";
    if (app.property(kInstalled).toBool()) return;
    app.installEventFilter(new WheelGuard(&app));
    app.setProperty(kInstalled, true);
}

} // namespace ranklab::ui
