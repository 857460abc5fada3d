#include "ui/form_dialog.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

namespace ranklab::ui {

void layOutFormDialog(QDialog* dialog, QLayout* form, std::initializer_list<std::pair<QWidget*, int>> answer,
                      const QString& note) {
    auto* noteLabel = new QLabel(note, dialog);
    noteLabel->setWordWrap(true);
    noteLabel->setEnabled(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addLayout(form);
    for (const auto& [widget, stretch] : answer) layout->addWidget(widget, stretch);
    layout->addWidget(noteLabel);
    layout->addWidget(buttons);
}

} // namespace ranklab::ui
