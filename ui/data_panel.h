#pragma once
// The files of the workspace: the ground truth, the models (add, remove,
// rename, reorder, colour, show/hide), optional exclusions and cohorts.
// Every edit is emitted as the whole new Workspace; the owner decides what
// to re-read (see Workbench::edit) and shows the result back through
// setWorkspace().
#include <QWidget>

#include "io/file_format.h"
#include "workspace/workspace_file.h"

class QGridLayout;
class QLabel;
class QPushButton;
class QTableView;
class QToolButton;

namespace ranklab::ui {

class ModelListModel;

class DataPanel : public QWidget {
    Q_OBJECT

public:
    explicit DataPanel(QWidget* parent = nullptr);

    void setWorkspace(const Workspace& workspace);
    const Workspace& workspace() const { return workspace_; }

    // Puts the file in the workspace in `role` (a model is appended; the
    // others replace what was there) and emits the edit.
    void addFile(const QString& path, Role role, const FormatSpec& format);
    // Asks for a file of `role` and its format (file dialog, import dialog).
    void chooseFile(Role role);
    // The import dialog for each file (the role is chosen there too); the
    // accepted ones are added in one edit.
    void importFiles(const QStringList& paths);
    void clearFile(Role role);  // exclusions or cohorts

    ModelListModel* modelList() const { return models_; }
    QTableView* modelTable() const { return table_; }
    int currentModel() const;
    void selectModel(int row);
    // Edits of the current model.
    void removeCurrent();
    void moveCurrent(int delta);
    void recolorCurrent();

Q_SIGNALS:
    void workspaceEdited(const ranklab::Workspace& workspace);

private:
    struct FileRow {
        QLabel* name = nullptr;
        QPushButton* choose = nullptr;
        QToolButton* clear = nullptr;
    };
    FileRow addFileRow(QGridLayout* grid, int row, const QString& label, Role role, bool clearable);
    void showFile(const FileRow& row, const WorkspaceFile* file, const QString& none);
    void modelsEdited();
    static void putFile(Workspace& workspace, const QString& path, Role role, const FormatSpec& format);
    void updateButtons();

    Workspace workspace_;
    ModelListModel* models_;
    QTableView* table_ = nullptr;
    FileRow truth_, exclusions_, cohorts_;
    QToolButton* remove_ = nullptr;
    QToolButton* up_ = nullptr;
    QToolButton* down_ = nullptr;
    QToolButton* color_ = nullptr;
    bool updating_ = false;
};

} // namespace ranklab::ui
