#pragma once
// A seeded monkey for the real main window: it drives, at random but
// replayably, every kind of control a user can touch (every entry of every
// combo box, spin boxes, check boxes, buttons, line edits, list and table
// rows, tabs, scroll bars, menu and toolbar actions, and a real mouse wheel
// turned anywhere, scroll areas included) and lets the window's background
// work land in between. Dialogs opened with exec() are answered by
// rejecting them; a dialog left open is used or closed by the next action.
//
// Replay: the same seed on the same workspace gives the same actions (the
// monkey waits for the window to be idle after each one, so what is on
// screen does not depend on timing); each action is written to `log` as
// "n kind path value", the path being the chain of object names and classes
// from the window down.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabBar>
#include <QTest>
#include <QTimer>
#include <QWindow>
#include <qpa/qwindowsysteminterface.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "ui/main_window.h"
#include "ui/workbench.h"

namespace ranklab::ui::test {

class GuiMonkey {
public:
    GuiMonkey(MainWindow& window, std::uint64_t seed, std::ostream* log = nullptr)
        : window_(window), random_(seed), log_(log) {
        // Dialogs run with exec() inside an action block the monkey: they are
        // rejected from the nested event loop (only while an action runs).
        closer_.setInterval(5);
        QObject::connect(&closer_, &QTimer::timeout, [this] {
            if (!insideAction_) return;
            if (QWidget* popup = QApplication::activePopupWidget()) popup->close();
            else if (QWidget* modal = QApplication::activeModalWidget()) rejectWindow(modal);
        });
        closer_.start();
    }

    // Runs `count` actions; `idle` is called after each (it waits for the
    // window's background work and returns false if it never ends).
    int run(int count, const std::function<bool()>& idle) {
        for (int n = 0; n < count; ++n) {
            step(n);
            // A dialog run with exec() from queued work (a timer, a job's
            // end) blocks the wait too: rejected there as well.
            insideAction_ = true;
            const bool settled = idle();
            insideAction_ = false;
            if (!settled) return n;
        }
        return count;
    }

    int actions() const { return actions_; }

private:
    enum Kind { Combo, Spin, Button, Line, Item, Tab, Slider, Action, Wheel, Kinds };

    static void rejectWindow(QWidget* w) {
        if (auto* d = qobject_cast<QDialog*>(w)) d->reject();
        else w->close();
    }

    // Object names and classes from the window down: stable across runs.
    static std::string pathOf(const QObject* o) {
        std::string path;
        for (; o; o = o->parent()) {
            std::string part = o->objectName().isEmpty() ? o->metaObject()->className() : o->objectName().toStdString();
            path = path.empty() ? part : part + "/" + path;
            if (qobject_cast<const MainWindow*>(o)) break;
        }
        return path;
    }

    std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }
    int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random_); }

    void note(int n, const char* kind, const QObject* o, const std::string& value) {
        ++actions_;
        if (log_) *log_ << n << ' ' << kind << ' ' << (o ? pathOf(o) : std::string("-")) << ' ' << value << '\n';
    }

    // The window the user can act on now: an open modal dialog, else the main window.
    QWidget* scope() {
        QWidget* modal = QApplication::activeModalWidget();
        return modal ? modal : static_cast<QWidget*>(&window_);
    }

    template <class W>
    std::vector<W*> visible(QWidget* root) {
        std::vector<W*> out;
        for (W* w : root->findChildren<W*>())
            if (w->isVisible() && w->isEnabled() && !w->window()->isHidden()) out.push_back(w);
        if (auto* self = qobject_cast<W*>(root); self && self->isVisible()) out.push_back(self);
        return out;
    }

    void step(int n) {
        QWidget* root = scope();
        if (root != &window_ && pick(4) == 0) {  // a dialog left open: sometimes closed
            note(n, "reject", root, "");
            rejectWindow(root);
            return;
        }
        insideAction_ = true;
        for (int tries = 0; tries < 20; ++tries)
            if (act(n, Kind(pick(Kinds)), root)) break;
        insideAction_ = false;
    }

    bool act(int n, Kind kind, QWidget* root) {
        switch (kind) {
        case Combo: {
            auto boxes = visible<QComboBox>(root);
            if (boxes.empty()) return false;
            QComboBox* box = boxes[pick(boxes.size())];
            if (box->count() == 0) return false;
            const int i = int(pick(std::size_t(box->count())));
            note(n, "combo", box, std::to_string(i));
            box->setCurrentIndex(i);  // as the popup does: the index, then activated
            Q_EMIT box->activated(i);
            return true;
        }
        case Spin: {
            auto boxes = visible<QAbstractSpinBox>(root);
            if (boxes.empty()) return false;
            QAbstractSpinBox* box = boxes[pick(boxes.size())];
            if (box->isReadOnly()) return false;
            box->setFocus();
            const int how = between(0, 3);
            if (how == 0) {
                note(n, "spin", box, "up");
                QTest::keyClick(box, Qt::Key_Up);
            } else if (how == 1) {
                note(n, "spin", box, "down");
                QTest::keyClick(box, Qt::Key_Down);
            } else if (auto* s = qobject_cast<QSpinBox*>(box)) {
                const int v = how == 2 ? between(s->minimum(), std::min(s->maximum(), s->minimum() + 50))
                                       : between(s->minimum(), s->maximum());
                note(n, "spin", box, std::to_string(v));
                s->setValue(v);
            } else if (auto* d = qobject_cast<QDoubleSpinBox*>(box)) {
                const double v = d->minimum() + (d->maximum() - d->minimum()) * double(between(0, 1000)) / 1000.0;
                note(n, "spin", box, std::to_string(v));
                d->setValue(v);
            } else {
                note(n, "spin", box, "pageup");
                QTest::keyClick(box, Qt::Key_PageUp);
            }
            Q_EMIT box->editingFinished();
            return true;
        }
        case Button: {
            auto buttons = visible<QAbstractButton>(root);
            if (buttons.empty()) return false;
            QAbstractButton* b = buttons[pick(buttons.size())];
            note(n, "click", b, b->text().toStdString());
            b->click();
            return true;
        }
        case Line: {
            auto edits = visible<QLineEdit>(root);
            std::erase_if(edits, [](QLineEdit* e) { return e->isReadOnly() || qobject_cast<QAbstractSpinBox*>(e->parent()); });
            if (edits.empty()) return false;
            QLineEdit* e = edits[pick(edits.size())];
            static const char* texts[] = {"5, 10", "1", "10,20,50,100", "", "abc", "0", "3,3", "1000000", "-2",
                                          "ndcg", "0.5", "7, x", "ü", "20"};
            const char* t = texts[pick(std::size(texts))];
            note(n, "type", e, t);
            e->setFocus();
            e->selectAll();
            const QString text = QString::fromUtf8(t);
            bool ascii = true;
            for (QChar c : text) ascii = ascii && c.unicode() < 128;
            if (ascii) QTest::keyClicks(e, text);  // QTest types ASCII keys only
            else e->insert(text);
            QTest::keyClick(e, Qt::Key_Return);
            return true;
        }
        case Item: {
            auto views = visible<QAbstractItemView>(root);
            if (views.empty()) return false;
            QAbstractItemView* v = views[pick(views.size())];
            QAbstractItemModel* m = v->model();
            if (!m || m->rowCount(v->rootIndex()) == 0 || m->columnCount(v->rootIndex()) == 0) return false;
            const int row = int(pick(std::size_t(std::min(m->rowCount(v->rootIndex()), 2000))));
            const int column = int(pick(std::size_t(m->columnCount(v->rootIndex()))));
            const QModelIndex index = m->index(row, column, v->rootIndex());
            const bool toggle = (m->flags(index) & Qt::ItemIsUserCheckable) && pick(2) == 0;
            note(n, toggle ? "check" : "select", v, std::to_string(row) + "," + std::to_string(column));
            if (toggle) {
                const bool on = index.data(Qt::CheckStateRole).toInt() == Qt::Checked;
                m->setData(index, on ? Qt::Unchecked : Qt::Checked, Qt::CheckStateRole);
            } else {
                v->setCurrentIndex(index);
                v->scrollTo(index);
            }
            return true;
        }
        case Tab: {
            auto bars = visible<QTabBar>(root);
            if (bars.empty()) return false;
            QTabBar* bar = bars[pick(bars.size())];
            if (bar->count() == 0) return false;
            const int i = int(pick(std::size_t(bar->count())));
            note(n, "tab", bar, std::to_string(i));
            bar->setCurrentIndex(i);
            return true;
        }
        case Slider: {
            auto sliders = visible<QAbstractSlider>(root);
            if (sliders.empty()) return false;
            QAbstractSlider* s = sliders[pick(sliders.size())];
            const int v = between(s->minimum(), s->maximum());
            note(n, "slide", s, std::to_string(v));
            s->setValue(v);
            return true;
        }
        case Action: {
            if (root != &window_) return false;
            std::vector<QAction*> actions;
            for (QAction* a : window_.findChildren<QAction*>())
                if (a->isEnabled() && !a->isSeparator() && !a->menu() && !a->text().isEmpty() &&
                    !a->text().contains(QStringLiteral("Quit")) && a->menuRole() != QAction::QuitRole)
                    actions.push_back(a);
            if (actions.empty()) return false;
            QAction* a = actions[pick(actions.size())];
            note(n, "action", a, a->text().toStdString());
            a->trigger();
            return true;
        }
        case Wheel: {
            // A real wheel turn (spontaneous, as the window system sends it):
            // over a scroll area's viewport, or anywhere in the window.
            QWidget* target = nullptr;
            auto areas = visible<QAbstractScrollArea>(root);
            if (!areas.empty() && pick(2) == 0) target = areas[pick(areas.size())]->viewport();
            else target = root;
            if (!target || target->width() < 2 || target->height() < 2) return false;
            const QPoint local(between(0, target->width() - 1), between(0, target->height() - 1));
            const int delta = (pick(2) ? 1 : -1) * 120 * between(1, 3);
            note(n, "wheel", target, std::to_string(local.x()) + "," + std::to_string(local.y()) + "," +
                                         std::to_string(delta));
            wheel(target, local, delta);
            return true;
        }
        case Kinds: break;
        }
        return false;
    }

public:
    // A spontaneous wheel event at `local` in `target`, delivered as the
    // window system would (focus policy and propagation included).
    static void wheel(QWidget* target, QPoint local, int delta) {
        QWindow* window = target->window()->windowHandle();
        if (!window) return;
        const QPoint inWindow = target->mapTo(target->window(), local);
        const QPoint global = target->mapToGlobal(local);
        QWindowSystemInterface::handleWheelEvent(window, QPointF(inWindow), QPointF(global), QPoint(),
                                                 QPoint(0, delta));
        QWindowSystemInterface::flushWindowSystemEvents();
        QCoreApplication::processEvents();
    }

private:
    MainWindow& window_;
    std::mt19937_64 random_;
    std::ostream* log_;
    QTimer closer_;
    bool insideAction_ = false;
    int actions_ = 0;
};

} // namespace ranklab::ui::test
