// The window's construction and its wiring to the workbench, the workspace
// dock, what a workspace change shows, closing, and dropped files. The status
// bar is in main_window_status.cpp, the Summary's saved set-up in
// main_window_summary_setup.cpp, menus and actions in main_window_actions.cpp.
#include "ui/main_window.h"

#include <algorithm>

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
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QGuiApplication>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QToolBar>

#include "ui/app_settings.h"
#include "io/parquet_source.h"
#include "ui/data_panel.h"
#include "ui/evaluation_panel.h"
#include "ui/job_tracker.h"
#include "ui/load_error_dialog.h"
#include "ui/loaded_files_model.h"
#include "ui/loaded_files_panel.h"
#include "ui/model_colors.h"
#include "ui/model_list_model.h"
#include "ui/wheel_guard.h"
#include "ui/workspace_undo.h"
#include "ui/summary/critical_difference_pane.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/report/report_export.h"
#include "ui/summary/summary_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

QStringList droppedFiles(const QMimeData* mime) {
    QStringList files;
    if (!mime || !mime->hasUrls()) return files;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && (QFileInfo(url.toLocalFile()).isFile() ||
                                  looksLikeParquet(url.toLocalFile().toStdString())))  // a folder of parts
            files << url.toLocalFile();
    return files;
}

bool isWorkspaceFile(const QString& path) { return path.endsWith(QStringLiteral(".ranklab"), Qt::CaseInsensitive); }

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      workbench_(new Workbench(this)),
      filesModel_(new LoadedFilesModel(this)),
      selection_(new SelectedUsers(this)),
      undo_(new QUndoStack(this)) {
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance())) installWheelGuard(*app);
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
    createReportExport();
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
        showJobLabel(label);
        progress_->setValue(0);
    });
    connect(jobs, &JobTracker::busyChanged, this, &MainWindow::updateBusy);
    connect(workbench_, &Workbench::workspaceChanged, this, &MainWindow::onWorkspaceChanged);
    // Unsaved work goes to the recovery file a moment after each edit (one
    // write for a burst of edits); saved work needs none.
    autosave_ = new QTimer(this);
    autosave_->setSingleShot(true);
    autosave_->setInterval(1500);
    connect(autosave_, &QTimer::timeout, this, [this] {
        if (workbench_->isModified()) RecoveryFile::write(workbench_->requestedWorkspace(), workbench_->path());
    });
    connect(workbench_, &Workbench::workspaceChanged, this, [this] {
        if (workbench_->isModified()) {
            autosave_->start();
        } else {
            autosave_->stop();
            RecoveryFile::remove();
        }
    });
    connect(workbench_, &Workbench::loaded, this, &MainWindow::onLoaded);
    connect(workbench_, &Workbench::loadFailed, this, &MainWindow::onLoadFailed);
    connect(workbench_, &Workbench::loadCancelled, this, [this](const QString& path) {
        showMessage(tr("Loading cancelled; the workspace stays as it was"));
        Q_EMIT workspaceLoadCancelled(path);
    });
    connect(workbench_, &Workbench::evaluated, this, &MainWindow::onEvaluated);
    connect(workbench_, &Workbench::evaluationCancelled, this,
            [this] { showMessage(tr("Cancelled; the results shown are from the previous settings")); });
    connect(workbench_, &Workbench::evaluationFailed, this, [this](const LoadError& error) {
        showMessage(tr("Evaluation failed"));
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Could not evaluate"), error.problem, QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("evaluationErrorDialog"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    connect(dataPanel_, &DataPanel::workspaceEdited, this, &MainWindow::applyEdit);
    // The summary's baseline, test and correction re-run the comparison only.
    workbench_->compare(summary_->comparisonOptions());
    connect(summary_, &SummaryView::comparisonOptionsChanged, workbench_, &Workbench::compare);
    // Only the users every model scored: the users policy "trec" (in the
    // ground truth and every run), an edit like any other (queued: the link
    // that asks is in the note the edit rewrites).
    connect(summary_, &SummaryView::commonUsersRequested, this, [this] {
        Workspace next = workbench_->requestedWorkspace();
        if (!next.evaluation.profile.empty()) {
            showMessage(tr("The definition profile sets the users; choose \"None\" to pick them"));
            return;
        }
        next.evaluation.users = UsersPolicy::Trec;
        applyEdit(next);
        showMessage(tr("Users: only those in the ground truth and every run"));
    }, Qt::QueuedConnection);
    connectSummarySetup();
    connect(evaluationPanel_, &EvaluationPanel::evaluationEdited, this, [this](const WorkspaceEvaluation& e) {
        Workspace next = workbench_->requestedWorkspace();
        next.evaluation = e;
        applyEdit(next);
    });
}

void MainWindow::applyEdit(const Workspace& next) {
    const Workspace before = workbench_->requestedWorkspace();
    if (next == before) return;
    undo_->push(new WorkspaceEdit(workbench_, before, next, describeEdit(before, next)));  // push applies it
}

// Closed normally (or, in tests, destroyed): nothing to recover. A crash
// never gets here, so its recovery file stays for the next start.
MainWindow::~MainWindow() { RecoveryFile::remove(); }

void MainWindow::createDock() {
    auto* dock = new QDockWidget(tr("Workspace"), this);
    dock->setObjectName(QStringLiteral("workspaceDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    // The data panel above (its models list keeps at least four rows), the
    // evaluation panel below in a scroll area: the column never sets the
    // window's minimum height, and the data panel is never cut.
    auto* split = new QSplitter(Qt::Vertical, dock);
    split->setObjectName(QStringLiteral("workspaceSplitter"));
    dataPanel_ = new DataPanel(split);
    auto* scroll = new QScrollArea(split);
    scroll->setObjectName(QStringLiteral("workspaceScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    evaluationPanel_ = new EvaluationPanel;
    for (QWidget* w : {static_cast<QWidget*>(dataPanel_), static_cast<QWidget*>(evaluationPanel_)})
        w->setContentsMargins(6, 4, 6, 4);
    scroll->setWidget(evaluationPanel_);
    split->addWidget(dataPanel_);
    split->addWidget(scroll);
    split->setStretchFactor(0, 1);  // the models list takes the room left
    split->setStretchFactor(1, 0);
    split->setChildrenCollapsible(false);
    dock->setWidget(split);
    dock->setMinimumWidth(300);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    // Wide enough for the panels without a horizontal scroll bar; narrower
    // only when the window is.
    const int fit = evaluationPanel_->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 4;
    resizeDocks({dock}, {std::max(340, fit)}, Qt::Horizontal);
    QAction* toggle = dock->toggleViewAction();
    toggle->setText(tr("&Workspace Panel"));
    viewMenu_->addAction(toggle);
}

void MainWindow::reloadWorkspace() { workbench_->reload(); }

void MainWindow::cancelWork() {
    workbench_->cancel();
    for (AnalysisView* view : views_) view->jobs()->cancel();
    if (reportExporter_) reportExporter_->jobs()->cancel();
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
    AppSettings::setWorkspaceFile(workbench_->path());  // where file dialogs start
    dataPanel_->setWorkspace(workbench_->requestedWorkspace());
    showDetectedFormats();
    evaluationPanel_->setEvaluation(workbench_->requestedWorkspace().evaluation);
    const bool hasData = workbench_->dataset() != nullptr;
    reloadAction_->setEnabled(hasData);
    evaluateAction_->setEnabled(hasData);
    if (hasData && filesModel_->dataset() != workbench_->dataset()) {
        const std::vector<QColor> all = modelColors(workbench_->workspace());
        std::vector<QColor> colors;
        for (std::size_t row : workbench_->datasetModels()) colors.push_back(all.at(row));
        filesModel_->setDataset(workbench_->dataset(), colors);
        LoadedWorkspace shown;
        shown.path = workbench_->path();
        shown.workspace = workbench_->workspace();
        shown.dataset = workbench_->dataset();
        shown.seconds = workbench_->lastLoadSeconds();
        filesPanel_->showWorkspace(shown);
    } else if (!hasData && filesModel_->dataset() && workbench_->work() != Workbench::Work::Load) {
        filesModel_->clear();  // the ground truth went missing: nothing is loaded
        filesPanel_->showEmpty();
    }
}

void MainWindow::showDetectedFormats() {
    std::vector<ModelListModel::Detected> detected;
    if (const auto& data = workbench_->dataset()) {
        // The coverage of the evaluation shown, when it is of these runs.
        std::vector<ModelCoverage> coverage;
        if (const auto& r = workbench_->result(); r && r->evaluation && r->dataset == data)
            coverage = modelCoverage(*data, *r->evaluation);
        const std::vector<std::size_t>& rows = workbench_->datasetModels();
        for (std::size_t d = 0; d < rows.size() && d < data->models.size(); ++d) {
            const WorkspaceModel& m = workbench_->workspace().models.at(rows[d]);
            const LoadReport& report = data->models[d].report;
            ModelListModel::Detected found{m.path, m.format.toString(), report.formatName, report.format, std::nullopt};
            if (d < coverage.size()) found.coverage = coverage[d];
            detected.push_back(std::move(found));
        }
    }
    dataPanel_->modelList()->setDetected(std::move(detected));
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
    autosave_->stop();
    RecoveryFile::remove();  // saved, or discarded on purpose
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
    dataPanel_->dropFiles(files);
}

} // namespace ranklab::ui
