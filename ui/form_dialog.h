#pragma once
// The layout of a dialog that asks in a form and answers under it (Evaluate
// → Explain Profiles…, the Summary's power dialog): the form, the answer's
// widgets, a greyed note on how the answer is computed, and Close.
#include <QString>

#include <initializer_list>
#include <utility>

class QDialog;
class QLayout;
class QWidget;

namespace ranklab::ui {

// Lays `dialog` out top to bottom: `form`, each answer widget with its
// stretch, `note` (wrapped, greyed) and a Close button that rejects.
void layOutFormDialog(QDialog* dialog, QLayout* form, std::initializer_list<std::pair<QWidget*, int>> answer,
                      const QString& note);

} // namespace ranklab::ui
