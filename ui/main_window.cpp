#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QGuiApplication>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>

#include "ui/app_settings.h"
#include "ui/data_panel.h"
#include "ui/evaluation_panel.h"
#include "ui/job_tracker.h"
#include "ui/load_error_dialog.h"
#include "ui/loaded_files_model.h"
#include "ui/loaded_files_panel.h"
#include "ui/model_colors.h"
#include "ui/summary/summary_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

const QString kWorkspaceFilter = QStringLiteral("RankLab workspaces (*.ranklab);;All files (*)");

QStringList droppedFiles(const QMimeData* mime) {
    QStringList files;
    if (!mime || !mime->hasUrls()) return files;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile()) files << url.toLocalFile();
    return files;
}

bool isWorkspaceFile(const QString& path) { return path.endsWith(QStringLiteral(".ranklab"), Qt::CaseInsensitive); }

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      workbench_(new Workbench(this)),
      filesModel_(new LoadedFilesModel(this)),
      selection_(new SelectedUsers(this)) {
    setAcceptDrops(true);
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    summary_ = new SummaryView(this);
    tabs_->addTab(summary_, tr("Summary"));
    filesPanel_ = new LoadedFilesPanel(filesModel_, this);
    tabs_->addTab(filesPanel_, tr("Files"));
    setCentralWidget(tabs_);

    createActions();
    createMenus();
    createToolBar();
    createDock();
    createStatusBar();
    createAnalysisViews();
    connect(selection_, &SelectedUsers::changed, this, &MainWindow::updateSelectionStatus);
    connect(selection_, &SelectedUsers::restrictingChanged, this, [this](bool on) {
        restrictAction_->setChecked(on);
        updateSelectionStatus();
    });
    // Large enough for the summary table of the default metrics, within the screen.
    const QRect screen = QGuiApplication::primaryScreen() ? QGuiApplication::primaryScreen()->availableGeometry()
                                                          : QRect(0, 0, 1600, 1000);
    resize(std::min(1560, screen.width() * 95 / 100), std::min(960, screen.height() * 92 / 100));
    onWorkspaceChanged();

    JobTracker* jobs = workbench_->jobs();
    connect(jobs, &JobTracker::progressChanged, this,
            [this](double fraction) { progress_->setValue(qRound(fraction * progress_->maximum())); });
    connect(jobs, &JobTracker::started, this, [this](const QString& label) {
        status_->setText(label);
        progress_->setValue(0);
    });
    connect(jobs, &JobTracker::busyChanged, this, &MainWindow::updateBusy);
    connect(workbench_, &Workbench::workspaceChanged, this, &MainWindow::onWorkspaceChanged);
    connect(workbench_, &Workbench::loaded, this, &MainWindow::onLoaded);
    connect(workbench_, &Workbench::loadFailed, this, &MainWindow::onLoadFailed);
    connect(workbench_, &Workbench::loadCancelled, this, [this](const QString& path) {
        status_->setText(tr("Loading cancelled; the workspace stays as it was"));
        Q_EMIT workspaceLoadCancelled(path);
    });
    connect(workbench_, &Workbench::evaluated, this, &MainWindow::onEvaluated);
    connect(workbench_, &Workbench::evaluationCancelled, this,
            [this] { status_->setText(tr("Cancelled; the results shown are from the previous settings")); });
    connect(workbench_, &Workbench::evaluationFailed, this, [this](const LoadError& error) {
        status_->setText(tr("Evaluation failed"));
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Could not evaluate"), error.problem, QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("evaluationErrorDialog"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    connect(dataPanel_, &DataPanel::workspaceEdited, workbench_, &Workbench::edit);
    // The summary's baseline, test and correction re-run the comparison only.
    workbench_->compare(summary_->comparisonOptions());
    connect(summary_, &SummaryView::comparisonOptionsChanged, workbench_, &Workbench::compare);
    connect(evaluationPanel_, &EvaluationPanel::evaluationEdited, this, [this](const WorkspaceEvaluation& e) {
        Workspace next = workbench_->requestedWorkspace();
        next.evaluation = e;
        workbench_->edit(next);
    });
}

MainWindow::~MainWindow() = default;

void MainWindow::createDock() {
    auto* dock = new QDockWidget(tr("Workspace"), this);
    dock->setObjectName(QStringLiteral("workspaceDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    auto* split = new QSplitter(Qt::Vertical, dock);
    dataPanel_ = new DataPanel(split);
    evaluationPanel_ = new EvaluationPanel(split);
    for (QWidget* w : {static_cast<QWidget*>(dataPanel_), static_cast<QWidget*>(evaluationPanel_)})
        w->setContentsMargins(6, 4, 6, 4);
    split->addWidget(dataPanel_);
    split->addWidget(evaluationPanel_);
    split->setStretchFactor(0, 1);  // the models list takes the room left
    split->setStretchFactor(1, 0);
    split->setChildrenCollapsible(false);
    dock->setWidget(split);
    dock->setMinimumWidth(320);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    resizeDocks({dock}, {350}, Qt::Horizontal);
    QAction* toggle = dock->toggleViewAction();
    toggle->setText(tr("&Workspace Panel"));
    viewMenu_->addAction(toggle);
}

void MainWindow::updateBusy() {
    bool busy = workbench_->jobs()->isBusy();
    for (const AnalysisView* view : views_) busy = busy || view->jobs()->isBusy();
    setBusy(busy);
}

void MainWindow::setBusy(bool busy) {
    if (busy == !progress_->isHidden()) return;
    progress_->setVisible(busy);
    cancel_->setVisible(busy);
    cancelAction_->setEnabled(busy);
    if (busy) progress_->setValue(0);
}

void MainWindow::openWorkspace(const QString& path) { workbench_->open(path); }

void MainWindow::chooseWorkspace() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Workspace"),
                                                      AppSettings::lastFolder(AppSettings::Folder::Workspace),
                                                      kWorkspaceFilter);
    if (path.isEmpty()) return;
    AppSettings::setLastFolder(AppSettings::Folder::Workspace, path);
    openWorkspace(path);
}

bool MainWindow::saveWorkspaceTo(const QString& path) {
    QString error;
    if (!workbench_->save(path, &error)) {
        QMessageBox::warning(this, tr("Could not save"), error);
        return false;
    }
    AppSettings::addRecentWorkspace(path);
    status_->setText(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool MainWindow::saveWorkspace() {
    if (workbench_->path().isEmpty()) return saveWorkspaceAs();
    return saveWorkspaceTo(workbench_->path());
}

bool MainWindow::saveWorkspaceAs() {
    QString start = workbench_->path().isEmpty() ? AppSettings::lastFolder(AppSettings::Folder::Workspace)
                                                 : workbench_->path();
    QString path = QFileDialog::getSaveFileName(this, tr("Save Workspace As"), start, kWorkspaceFilter);
    if (path.isEmpty()) return false;
    if (!path.endsWith(QStringLiteral(".ranklab"))) path += QStringLiteral(".ranklab");
    AppSettings::setLastFolder(AppSettings::Folder::Workspace, path);
    return saveWorkspaceTo(path);
}

bool MainWindow::maybeSave() {
    if (!workbench_->isModified()) return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"), tr("The workspace has changes that are not saved. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel) return false;
    return answer == QMessageBox::Discard || saveWorkspace();
}

void MainWindow::reloadWorkspace() { workbench_->reload(); }

void MainWindow::cancelWork() {
    workbench_->cancel();
    for (AnalysisView* view : views_) view->jobs()->cancel();
}

void MainWindow::copySelection() {
    if (tabs_->currentWidget() == summary_) {
        summary_->copyAsText();
        return;
    }
    if (filesModel_->rowCount() > 0) QApplication::clipboard()->setText(filesPanel_->selectionAsText());
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About RankLab"),
                       tr("<h3>RankLab %1</h3>"
                          "<p>A workbench for the offline evaluation of rankings: recommender top-k lists "
                          "and retrieval runs.</p>")
                           .arg(QApplication::applicationVersion()));
}

void MainWindow::onWorkspaceChanged() {
    const QString name = workbench_->path().isEmpty() ? tr("Untitled") : QFileInfo(workbench_->path()).fileName();
    setWindowTitle(tr("%1[*] — RankLab").arg(name));
    setWindowModified(workbench_->isModified());
    dataPanel_->setWorkspace(workbench_->requestedWorkspace());
    evaluationPanel_->setEvaluation(workbench_->requestedWorkspace().evaluation);
    const bool hasData = workbench_->dataset() != nullptr;
    reloadAction_->setEnabled(hasData);
    evaluateAction_->setEnabled(hasData);
    if (hasData && filesModel_->dataset() != workbench_->dataset()) {
        filesModel_->setDataset(workbench_->dataset(), modelColors(workbench_->workspace()));
        LoadedWorkspace shown{workbench_->path(), workbench_->workspace(), workbench_->dataset(),
                              workbench_->lastLoadSeconds()};
        filesPanel_->showWorkspace(shown);
    }
}

void MainWindow::onLoaded(const QString& path) {
    summary_->clear();  // the new data's evaluation follows
    // The selection's ids belong to the data read before.
    selection_->clear();
    selection_->setRestricting(false);
    for (AnalysisView* view : views_) view->setResult(nullptr);
    if (!workbench_->path().isEmpty()) AppSettings::addRecentWorkspace(workbench_->path());
    const int files = filesModel_->rowCount();
    status_->setText(tr("Loaded %1: %2 in %3 s")
                         .arg(QFileInfo(path.isEmpty() ? tr("the files") : path).fileName(),
                              files == 1 ? tr("1 file") : tr("%1 files").arg(files),
                              QString::number(workbench_->lastLoadSeconds(), 'f', 2)));
    Q_EMIT workspaceLoaded(path);
}

void MainWindow::onLoadFailed(const QString& path, const LoadError& error) {
    status_->setText(tr("Could not read %1").arg(QFileInfo(error.file.isEmpty() ? path : error.file).fileName()));
    showLoadError(this, path.isEmpty() ? error.file : path, error, workbench_->dataset() != nullptr);
    Q_EMIT workspaceLoadFailed(path, error.message);
}

void MainWindow::onEvaluated() {
    const auto& result = workbench_->result();
    if (!result || !result->evaluation) return;
    summary_->setResult(result);
    for (AnalysisView* view : views_) view->setResult(result);
    const Evaluation& e = *result->evaluation;
    status_->setText(tr("%1 models × %2 metrics over %3 users%4")
                         .arg(e.models.size())
                         .arg(e.metricCount())
                         .arg(QLocale().toString(qulonglong(e.users.size())))
                         .arg(result->comparison ? QString() : tr(" — comparing…")));
}

void MainWindow::restoreWindowState() {
    restoreGeometry(AppSettings::windowGeometry());
    restoreState(AppSettings::windowState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    AppSettings::setWindowGeometry(saveGeometry());
    AppSettings::setWindowState(saveState());
    workbench_->cancel();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty()) return;
    event->acceptProposedAction();
    for (const QString& f : files) {
        if (isWorkspaceFile(f)) {
            if (maybeSave()) openWorkspace(f);
            return;
        }
    }
    dataPanel_->importFiles(files);
}

} // namespace ranklab::ui
