#pragma once
// Help → RankLab Manual and Help → Keyboard Shortcuts. The manual is the
// bundled resources/manual.html with two parts filled in at run time: the
// metric table from the core's registry (metricFamilies(): names, aliases,
// parameters, definitions) and the shortcut table from the window's own
// actions, so neither can drift from the program.
#include <QList>
#include <QString>

class QAction;
class QDialog;
class QWidget;

namespace ranklab::ui {

// One row per metric family of the registry.
QString metricTableHtml();
// One row per action with a shortcut (its text without '&', and every
// shortcut in the platform's notation), sorted by name; duplicates once.
QString shortcutTableHtml(const QList<QAction*>& actions);
// The manual page with both tables filled in.
QString manualHtml(const QList<QAction*>& actions);

// Non-modal dialogs (deleted on close), named "manualDialog" and
// "shortcutsDialog", each showing its page in a QTextBrowser.
QDialog* showManualDialog(QWidget* parent, const QList<QAction*>& actions);
QDialog* showShortcutsDialog(QWidget* parent, const QList<QAction*>& actions);

} // namespace ranklab::ui
