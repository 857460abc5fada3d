// The import dialog's Reading row (split from import_dialog.cpp): the file's
// own handling of bad lines (skip and count them, or stop) and of repeated
// entries (error, first, max), saved with the file in the workspace.
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

#include <algorithm>

#include "ui/import_dialog.h"

namespace ranklab::ui {

QLayout* ImportDialog::buildReadingRow() {
    auto* reading = new QHBoxLayout;
    skipBox_ = new QCheckBox(tr("&Skip bad lines"), this);
    skipBox_->setObjectName(QStringLiteral("skipBadLines"));
    skipBox_->setToolTip(tr("Skip and count lines that do not read (the first ones are listed after loading) "
                            "instead of stopping at the first"));
    duplicatesBox_ = new QComboBox(this);
    duplicatesBox_->setObjectName(QStringLiteral("duplicatePolicy"));
    duplicatesBox_->addItem(tr("are an error"), int(DuplicatePolicy::Error));
    duplicatesBox_->addItem(tr("keep the first"), int(DuplicatePolicy::First));
    duplicatesBox_->addItem(tr("keep the largest value"), int(DuplicatePolicy::Max));
    duplicatesBox_->setToolTip(tr("A repeated (user, item) with another score or grade: stop with an error, keep "
                                  "the first line's value, or the largest. Identical repeats are always merged."));
    reading->addWidget(skipBox_);
    reading->addSpacing(16);
    reading->addWidget(new QLabel(tr("Repeated entries:"), this));
    reading->addWidget(duplicatesBox_);
    reading->addStretch(1);
    return reading;
}

WorkspaceSettings ImportDialog::reading() const {
    WorkspaceSettings r;
    r.skipBadLines = skipBox_->isChecked();
    r.duplicates = DuplicatePolicy(duplicatesBox_->currentData().toInt());
    return r;
}

void ImportDialog::setReading(const WorkspaceSettings& reading) {
    skipBox_->setChecked(reading.skipBadLines);
    duplicatesBox_->setCurrentIndex(std::max(0, duplicatesBox_->findData(int(reading.duplicates))));
}

} // namespace ranklab::ui
