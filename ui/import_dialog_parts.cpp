// The import dialog's model name and its numpy and Parquet previews (split
// from import_dialog.cpp, which builds the dialog and reads text files).
#include "ui/import_dialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>

#include "common/error.h"
#include "io/dataset_loader.h"
#include "io/npy_preview.h"
#include "io/parquet_preview.h"

namespace ranklab::ui {

QString ImportDialog::modelName() const { return role() == Role::Run ? nameEdit_->text().trimmed() : QString(); }

void ImportDialog::setModelName(const QString& name) {
    nameEdit_->setText(name);
    nameTyped_ = true;
    updateNameNote();
}

void ImportDialog::setTakenNames(const QStringList& names) {
    taken_ = names;
    if (!nameTyped_) suggestName({});
    updateNameNote();
}

// What the loader would name it (the TREC tag, else the file's stem), or the
// other of the two when that one is taken: a suggestion never joins a model.
void ImportDialog::suggestName(const std::string& tag) {
    const QString stem = QString::fromStdString(fileStem(path_.toStdString()));
    QString name = tag.empty() ? stem : QString::fromStdString(tag);
    if (taken_.contains(name) && !taken_.contains(stem)) name = stem;
    // Both taken: numbered as the loader numbers a second "toprank".
    for (int n = 2; taken_.contains(name); ++n)
        name = QStringLiteral("%1 (%2)").arg(tag.empty() ? stem : QString::fromStdString(tag)).arg(n);
    nameEdit_->setText(name);
}

void ImportDialog::updateNameNote() {
    const bool run = role() == Role::Run;
    nameEdit_->setEnabled(run);
    const QString name = nameEdit_->text().trimmed();
    QString note;
    if (run && name.isEmpty())
        note = tr("Empty: the run's tag or the file's name is used.");
    else if (run && taken_.contains(name))
        note = tr("<span style='color:#8a5a00'>⚠ A model is already named “%1”: this file will be read as another "
                  "run of it (runs of one model are averaged).</span>")
                   .arg(name.toHtmlEscaped());
    nameNote_->setText(note);
    nameNote_->setVisible(!note.isEmpty());
}

void ImportDialog::previewNumpyFile(Role r) {
    if (r != Role::Run) {
        problem_ = tr("numpy files hold a model's scores; use it as a model");
        return;
    }
    try {
        const NumpyPreview preview = previewNumpy(path_.toStdString(), format());
        detected_ = QString::fromStdString(preview.description);
        table_->clear();
        table_->setColumnCount(int(preview.columns.size()));
        table_->setRowCount(int(preview.rows.size()));
        QStringList headers;
        for (const auto& c : preview.columns) headers << QString::fromStdString(c);
        table_->setHorizontalHeaderLabels(headers);
        for (int row = 0; row < int(preview.rows.size()); ++row)
            for (int col = 0; col < int(preview.rows[row].size()); ++col)
                table_->setItem(row, col, new QTableWidgetItem(QString::fromStdString(preview.rows[row][col])));
    } catch (const std::exception& e) {
        problem_ = QString::fromStdString(e.what());
    }
}

void ImportDialog::previewParquetFile(Role r) {
    try {
        const ParquetPreview preview = previewParquet(path_.toStdString(), r, format());
        table_->clear();
        table_->setColumnCount(int(preview.columns.size()));
        table_->setRowCount(int(preview.rows.size()));
        QStringList headers;
        for (std::size_t c = 0; c < preview.columns.size(); ++c)
            headers << QStringLiteral("%1: %2").arg(c).arg(QString::fromStdString(preview.columns[c]));
        table_->setHorizontalHeaderLabels(headers);
        for (int row = 0; row < int(preview.rows.size()); ++row)
            for (int col = 0; col < int(preview.rows[row].size()); ++col)
                table_->setItem(row, col, new QTableWidgetItem(QString::fromStdString(preview.rows[row][col])));
        table_->resizeColumnsToContents();
        keepTable_ = true;  // shown with a problem too: the columns to map are there
        if (!preview.problem.empty()) problem_ = QString::fromStdString(preview.problem);
        else detected_ = QString::fromStdString(preview.reads + " — " + preview.description);
    } catch (const InputError& e) {
        problem_ = QString::fromStdString(e.problem());
    } catch (const std::exception& e) {
        problem_ = QString::fromStdString(e.what());
    }
}

} // namespace ranklab::ui
