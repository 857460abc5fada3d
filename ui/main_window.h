#pragma once
// The workbench window: menus, toolbar, the loaded workspace, and a status
// bar with the progress of background work and a Cancel button.
#include <QMainWindow>

#include <memory>

#include "ui/load_result.h"

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;

namespace ranklab::ui {

class LoadJob;
class LoadedFilesModel;
class LoadedFilesPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Loads `path` in the background. The workspace open now stays until
    // the new one has loaded; if loading fails it stays open.
    void openWorkspace(const QString& path);

    // The open workspace; the dataset is null until one has loaded.
    const std::shared_ptr<const Dataset>& dataset() const { return loaded_.dataset; }
    const Workspace& workspace() const { return loaded_.workspace; }
    const QString& workspacePath() const { return loaded_.path; }

    LoadJob* loadJob() const { return job_; }
    LoadedFilesModel* loadedFilesModel() const { return filesModel_; }
    LoadedFilesPanel* loadedFilesPanel() const { return panel_; }
    QProgressBar* progressBar() const { return progress_; }
    QPushButton* cancelButton() const { return cancel_; }

    // Restores the size and layout saved when the window last closed.
    void restoreWindowState();

Q_SIGNALS:
    void workspaceLoaded(const QString& path);
    void workspaceLoadFailed(const QString& path, const QString& message);
    void workspaceLoadCancelled(const QString& path);

public Q_SLOTS:
    void chooseWorkspace();
    void reloadWorkspace();
    void cancelWork();
    void copySelection();
    void showAbout();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void fillRecentMenu();
    void setBusy(bool busy, const QString& message);

    void onLoadFinished(const LoadedWorkspace& loaded);
    void onLoadFailed(const QString& path, const LoadError& error);
    void onLoadCancelled(const QString& path);

    LoadedWorkspace loaded_;
    LoadJob* job_;
    LoadedFilesModel* filesModel_;
    LoadedFilesPanel* panel_;

    QAction* openAction_ = nullptr;
    QAction* reloadAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* copyAction_ = nullptr;
    QAction* evaluateAction_ = nullptr;
    QAction* cancelAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QAction* aboutQtAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;

    QLabel* status_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
};

} // namespace ranklab::ui
