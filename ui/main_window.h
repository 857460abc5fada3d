#pragma once
// The workbench window: menus, toolbar, the workspace dock (data panel and
// evaluation panel), the result tabs (Summary, the analysis views, Files),
// the selected users the views can be restricted to, and a status bar with
// the progress of background work and a Cancel button. The state lives in
// a Workbench; the window shows it and turns user actions into edits.
#include <QMainWindow>

#include <memory>

#include "ui/views/analysis_view.h"
#include "ui/recovery_file.h"
#include "ui/workbench.h"

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTimer;
class QUndoStack;

namespace ranklab::ui {

class ShardedResultsDialog;

class DataPanel;
class EvaluationPanel;
class LoadedFilesModel;
class LoadedFilesPanel;
class ReportExporter;
class ExplainDialog;
class SummaryView;
class SelectedUsers;
struct ReportChoice;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Loads `path` in the background. The workspace open now stays until
    // the new one has loaded; if loading fails it stays open.
    void openWorkspace(const QString& path);
    // Saves to `path` (atomically); false, with a message shown, if it cannot.
    bool saveWorkspaceTo(const QString& path);

    Workbench* workbench() const { return workbench_; }
    // The open workspace; the dataset is null until one has loaded.
    const std::shared_ptr<const Dataset>& dataset() const { return workbench_->dataset(); }
    const Workspace& workspace() const { return workbench_->workspace(); }
    const QString& workspacePath() const { return workbench_->path(); }

    DataPanel* dataPanel() const { return dataPanel_; }
    EvaluationPanel* evaluationPanel() const { return evaluationPanel_; }
    QTabWidget* tabs() const { return tabs_; }
    SummaryView* summaryView() const { return summary_; }
    LoadedFilesModel* loadedFilesModel() const { return filesModel_; }
    LoadedFilesPanel* loadedFilesPanel() const { return filesPanel_; }
    QProgressBar* progressBar() const { return progress_; }
    QPushButton* cancelButton() const { return cancel_; }
    QLabel* statusLabel() const { return status_; }
    SelectedUsers* selectedUsers() const { return selection_; }
    const QList<AnalysisView*>& analysisViews() const { return views_; }
    // The analysis tab of type V (CurvesView, ...), or null.
    template <class V>
    V* analysisView() const {
        for (AnalysisView* v : views_)
            if (auto* found = qobject_cast<V*>(v)) return found;
        return nullptr;
    }
    QAction* newAction() const { return newAction_; }
    QAction* exportChartAction() const { return exportChartAction_; }
    QAction* restrictAction() const { return restrictAction_; }
    QAction* exportReportAction() const { return exportReportAction_; }
    QAction* explainAction() const { return explainAction_; }
    // Evaluate → Explain Profiles…: opens the dialog on the current result.
    ExplainDialog* openExplainDialog();
    ReportExporter* reportExporter() const { return reportExporter_; }
    // Edit → Undo / Redo of the workspace edits.
    QUndoStack* undoStack() const { return undo_; }
    // Applies `next` as an undoable edit of the workspace (no-op if unchanged).
    void applyEdit(const Workspace& next);

    // Restores the size and layout saved when the window last closed.
    void restoreWindowState();

    // A recovery file left by a RankLab that did not close normally: asks
    // whether to restore it (the newest; the others are kept for later).
    void offerRecovery();
    // Opens `found` as the workspace it was (its own path, unsaved), then
    // discards the recovery file.
    void restoreRecovery(const RecoveryFile::Found& found);

    // File → Open Sharded Results… without the file dialog: shows (and returns) the dialog.
    ShardedResultsDialog* openShardedResults(const QStringList& statePaths);

Q_SIGNALS:
    void workspaceLoaded(const QString& path);
    void workspaceLoadFailed(const QString& path, const QString& message);
    void workspaceLoadCancelled(const QString& path);
    // File → Export Report… finished: the file is written, or why not.
    void reportExported(const QString& path);
    void reportExportFailed(const QString& message);

public Q_SLOTS:
    void chooseWorkspace();
    void newWorkspace();
    bool saveWorkspace();
    bool saveWorkspaceAs();
    void reloadWorkspace();
    void cancelWork();
    void copySelection();
    void showAbout();
    // File → Export Chart: the export dialog for the current tab's chart.
    void exportCurrentChart();
    void exportChartOf(AnalysisView* view);
    // File → Export Report…: the sections dialog, then exportReportTo().
    void exportReport();
    // Writes the report of what the window shows now (the views'
    // restriction included) in the background; false, with `error` set,
    // when it cannot start. reportExported() or reportExportFailed()
    // follows a start.
    bool exportReportTo(const ReportChoice& choice, QString* error = nullptr);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void createDock();
    void createAnalysisViews();  // main_window_views.cpp
    void createReportExport();   // main_window_report.cpp
    void addAnalysisView(AnalysisView* view, const QString& title);
    void updateSelectionStatus();
    void fillRecentMenu();
    // Asks whether to save unsaved changes; false if the user cancels.
    bool maybeSave();

    void onWorkspaceChanged();
    // The model list's Format column: what reading detected for each model loaded.
    void showDetectedFormats();
    // The Summary's set-up kept in the workspace (main_window_summary_setup.cpp):
    // saved on each change of its toolbar, restored on load.
    void connectSummarySetup();
    void restoreSummarySetup();
    void onLoaded(const QString& path);
    void onLoadFailed(const QString& path, const LoadError& error);
    void onEvaluated();
    // Busy while the workbench or any view computes; the bar and Cancel show.
    void updateBusy();
    void setBusy(bool busy);
    // The status bar: a job's label while it runs, then the state it left
    // (what is loaded and evaluated) again, never a finished job's label.
    void showJobLabel(const QString& label);
    void showState(const QString& text);
    void showMessage(const QString& text);  // an event (saved, cancelled, failed): stays until the next

    Workbench* workbench_;
    LoadedFilesModel* filesModel_;
    LoadedFilesPanel* filesPanel_ = nullptr;
    DataPanel* dataPanel_ = nullptr;
    EvaluationPanel* evaluationPanel_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    SummaryView* summary_ = nullptr;
    SelectedUsers* selection_ = nullptr;
    QList<AnalysisView*> views_;
    QLabel* selectionLabel_ = nullptr;

    QString stateText_;      // the status bar's text when no job runs
    bool jobLabelShown_ = false;
    QAction* newAction_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* openShardedAction_ = nullptr;
    QAction* saveAction_ = nullptr;
    QAction* saveAsAction_ = nullptr;
    QAction* reloadAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* copyAction_ = nullptr;
    QAction* addModelAction_ = nullptr;
    QAction* evaluateAction_ = nullptr;
    QAction* cancelAction_ = nullptr;
    QAction* exportChartAction_ = nullptr;
    QAction* restrictAction_ = nullptr;
    QAction* exportReportAction_ = nullptr;
    QAction* explainAction_ = nullptr;
    ReportExporter* reportExporter_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QAction* aboutQtAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;

    QLabel* status_ = nullptr;
    QTimer* autosave_ = nullptr;
    QUndoStack* undo_ = nullptr;  // the workspace edits (workspace_undo.h)  // a moment after an edit: the recovery file (recovery_file.h)
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
};

} // namespace ranklab::ui
