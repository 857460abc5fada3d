#pragma once
// Adding a data file: the first lines of the file, what it will be read as
// (the detected format), and the format and column mapping, which the
// analyst may override. The preview table heads the mapped columns with
// their meaning (user, item, score...). OK is enabled only when the file
// reads with the chosen format. The file's own handling of bad lines (skip
// and count them, or stop) and of repeated entries (error, first, max) is
// chosen here too and saved with the file in the workspace. A numpy file
// (.npy, .npz) shows its arrays' dtype, shape and order, the vocabularies
// chosen for its rows and items, and the top-left corner of the array. A
// Parquet input (file, folder of parts, glob) shows its parts, rows, column
// types and first rows; columns are mapped by index or, for the list
// layout, by name.
#include <QDialog>

#include <optional>
#include <string>

#include "io/file_format.h"
#include "workspace/workspace_file.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;
class QDialogButtonBox;

namespace ranklab::ui {

class ImportDialog : public QDialog {
    Q_OBJECT

public:
    // `chooseRole`: the analyst also picks what the file is (a dropped
    // file); else the role is fixed.
    ImportDialog(const QString& path, Role role, const FormatSpec& format, bool chooseRole, QWidget* parent = nullptr);

    Role role() const;
    FormatSpec format() const;
    void setFormat(const FormatSpec& format);
    void setRole(Role role);
    // Skip bad lines, and the duplicate policy.
    WorkspaceSettings reading() const;
    void setReading(const WorkspaceSettings& reading);
    QCheckBox* skipBadLinesBox() const { return skipBox_; }

    // A run's model name: the run's TREC tag or the file's name (without
    // extensions) until the analyst types one. A name another model has
    // makes the two files one model's repeated runs: the dialog says so.
    QString modelName() const;
    void setModelName(const QString& name);
    // The names the workspace's models have now.
    void setTakenNames(const QStringList& names);
    QLineEdit* modelNameEdit() const { return nameEdit_; }
    QLabel* modelNameNote() const { return nameNote_; }
    QComboBox* duplicatesBox() const { return duplicatesBox_; }

    // What the file reads as with the chosen format ("TSV with header
    // (user=uid, item=iid, score=pred)"), or empty if it does not read.
    QString detected() const { return detected_; }
    // Why it does not read; empty when it does.
    QString problem() const { return problem_; }
    QTableWidget* previewTable() const { return table_; }
    QPlainTextEdit* previewText() const { return text_; }

    // The start of `path`, decompressed, cut at a line end (at most `bytes`).
    // Throws InputError if it cannot be read.
    static std::string readSample(const QString& path, std::size_t bytes = 64 * 1024);

private:
    void buildControls(bool chooseRole);
    // Skip bad lines and the duplicate policy (import_dialog_reading.cpp).
    QLayout* buildReadingRow();
    void update();
    // A numpy file's arrays, vocabularies and top-left corner (io/npy_preview.h).
    void previewNumpyFile(Role role);
    // A Parquet input's parts, rows, column types and first rows, and what the
    // chosen columns read as (io/parquet_preview.h).
    void previewParquetFile(Role role);

    QString path_;
    std::string sample_;
    QString readError_;
    QComboBox* roleBox_ = nullptr;
    QComboBox* kindBox_ = nullptr;
    QComboBox* headerBox_ = nullptr;
    QSpinBox* userBox_ = nullptr;
    QSpinBox* itemBox_ = nullptr;
    QSpinBox* valueBox_ = nullptr;
    QLabel* valueLabel_ = nullptr;
    QLineEdit* usersEdit_ = nullptr;  // numpy: vocabularies, top-k scores, padding
    QLineEdit* itemsEdit_ = nullptr;
    QLineEdit* scoresEdit_ = nullptr;
    QSpinBox* padBox_ = nullptr;
    std::optional<FormatKind> numpyKind_;  // the file is numpy (by its first bytes)
    bool keepTable_ = false;  // the preview stays shown with a problem (Parquet's columns to map)
    bool parquet_ = false;                 // Parquet input (a .parquet file, a folder of parts or a glob)
    QLineEdit* listItemsEdit_ = nullptr;   // Parquet's list layout: items= and scores= columns
    QLineEdit* listScoresEdit_ = nullptr;
    QCheckBox* skipBox_ = nullptr;
    QLineEdit* nameEdit_ = nullptr;
    QLabel* nameNote_ = nullptr;
    QStringList taken_;
    bool nameTyped_ = false;
    void suggestName(const std::string& tag);
    void updateNameNote();
    QComboBox* duplicatesBox_ = nullptr;
    QLabel* result_ = nullptr;
    QPlainTextEdit* text_ = nullptr;
    QTableWidget* table_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
    QString detected_;
    QString problem_;
    bool updating_ = false;
};

} // namespace ranklab::ui
