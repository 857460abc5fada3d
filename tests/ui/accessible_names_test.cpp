// Every control a user can reach in the main window has a name a screen
// reader says: its own accessible name, its text, or its label's (Qt's
// accessibility interface, as an assistive technology would ask it), on
// every tab, with the example workspace loaded.
#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ui/main_window.h"
#include "ui/ui_fixtures.h"

namespace ranklab::ui {
namespace {

bool isControl(QWidget* w) {
    return qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QLineEdit*>(w) ||
           qobject_cast<QAbstractButton*>(w) || qobject_cast<QAbstractSlider*>(w);
}

// Where a widget sits, for the failure message: object names up the tree.
std::string pathOf(QWidget* w) {
    std::string out;
    for (QObject* o = w; o; o = o->parent()) {
        const std::string name = o->objectName().isEmpty() ? o->metaObject()->className() : o->objectName().toStdString();
        out = out.empty() ? name : name + "/" + out;
    }
    return out;
}

TEST(AccessibleNamesTest, EveryVisibleControlOnEveryTabHasAName) {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(test::openSettled(window, test::exampleWorkspace()));
    std::set<std::string> unnamed;
    int checked = 0;
    for (int t = 0; t < window.tabs()->count(); ++t) {
        window.tabs()->setCurrentIndex(t);
        ASSERT_TRUE(QTest::qWaitFor([&] { return !window.workbench()->jobs()->isBusy(); }, test::kWaitMs));
        QTest::qWait(30);
        for (QWidget* w : window.findChildren<QWidget*>()) {
            if (!isControl(w) || !w->isVisible()) continue;
            // The scroll bars' own buttons and the line edit inside a combo
            // box are parts of a control, named by it.
            if (qobject_cast<QComboBox*>(w->parentWidget()) || qobject_cast<QAbstractSpinBox*>(w->parentWidget()) ||
                qobject_cast<QLineEdit*>(w->parentWidget()))  // a line edit's clear button
                continue;
            if (w->inherits("QTableCornerButton")) continue;  // a table's select-all corner
            if (w->inherits("QScrollBar")) continue;
            QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w);
            ASSERT_NE(a, nullptr);
            ++checked;
            if (a->text(QAccessible::Name).trimmed().isEmpty()) unnamed.insert(pathOf(w));
        }
    }
    EXPECT_GT(checked, 30);
    std::string list;
    for (const std::string& u : unnamed) list += "\n  " + u;
    EXPECT_TRUE(unnamed.empty()) << unnamed.size() << " controls without a name:" << list;
}

} // namespace
} // namespace ranklab::ui
