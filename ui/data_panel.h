#pragma once
// The files of the workspace: the ground truth, the models (add several at
// once, remove, rename, reorder, colour, show/hide), optional exclusions and
// cohorts. A file that does not exist is marked missing, with a Locate…
// action that re-points it.
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
    // others replace what was there) and emits the edit. `reading`: the
    // file's own bad-line and duplicate handling (none: the workspace's).
    void addFile(const QString& path, Role role, const FormatSpec& format,
                 const std::optional<WorkspaceSettings>& reading = std::nullopt);
    // Asks for a file of `role` and its format (file dialog, import dialog);
    // for models, several files at once (one edit).
    void chooseFile(Role role);
    // Adds each of `paths` as a model through its import dialog, in one edit.
    void addModels(const QStringList& paths);
    // Dropped files: with a ground truth chosen, each plainly a model's
    // scores (a TREC run, Parquet, numpy; io/run_sniffing.h) is added as a
    // model at once with the format detected; every other file (a qrels, an
    // ambiguous table, the first file when there is no ground truth yet)
    // opens the import dialog, where its role is chosen. One edit.
    void dropFiles(const QStringList& paths);
    // Re-points the file of `role` (a model: the current one) to `path`,
    // keeping its format and reading; emits the edit.
    void locateFile(Role role, const QString& path);
    // Asks where the missing file of `role` is now, then locateFile().
    void chooseLocation(Role role);
    // Whether the file of `role` (a model: the current one) is missing.
    bool isMissing(Role role) const;
    // The filters of the data file dialogs.
    static QString fileFilter();
    QPushButton* chooseButton(Role role) const;
    QLabel* fileLabel(Role role) const;
    QToolButton* locateModelButton() const { return locate_; }
    // The import dialog for each file (the role is chosen there too); the
    // accepted ones are added in one edit.
    void importFiles(const QStringList& paths);
    void clearFile(Role role);  // any file but the ground truth

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
        QLabel* label = nullptr;
        QLabel* name = nullptr;
        QPushButton* choose = nullptr;
        QToolButton* clear = nullptr;
    };
    FileRow addFileRow(QGridLayout* grid, int row, const QString& label, Role role, bool clearable);
    const FileRow* rowOf(Role role) const;
    const WorkspaceFile* fileOf(Role role) const;
    void showFile(const FileRow& row, const WorkspaceFile* file, const QString& none);
    void modelsEdited();
    // importFiles(), or with `runsAtOnce` dropFiles(): one edit.
    void addFiles(const QStringList& paths, bool runsAtOnce);
    static void putFile(Workspace& workspace, const QString& path, Role role, const FormatSpec& format,
                        const std::optional<WorkspaceSettings>& reading, const QString& name = {});
    void updateButtons();

    Workspace workspace_;
    ModelListModel* models_;
    QTableView* table_ = nullptr;
    FileRow truth_, exclusions_, cohorts_, catalog_, items_;
    QToolButton* remove_ = nullptr;
    QToolButton* up_ = nullptr;
    QToolButton* down_ = nullptr;
    QToolButton* color_ = nullptr;
    QToolButton* locate_ = nullptr;
    bool updating_ = false;
};

} // namespace ranklab::ui
