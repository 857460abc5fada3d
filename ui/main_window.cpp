#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>

#include "ui/load_error_dialog.h"
#include "ui/load_job.h"
#include "ui/loaded_files_model.h"
#include "ui/loaded_files_panel.h"
#include "ui/model_colors.h"
#include "ui/recent_workspaces.h"

namespace ranklab::ui {
namespace {

const QString kWorkspaceFilter = QStringLiteral("RankLab workspaces (*.ranklab);;All files (*)");

// The first local .ranklab file among dropped URLs, or an empty string.
QString droppedWorkspace(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && url.toLocalFile().endsWith(QStringLiteral(".ranklab"), Qt::CaseInsensitive))
            return url.toLocalFile();
    return {};
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), job_(new LoadJob(this)), filesModel_(new LoadedFilesModel(this)) {
    setWindowTitle(QStringLiteral("RankLab"));
    setAcceptDrops(true);
    panel_ = new LoadedFilesPanel(filesModel_, this);
    setCentralWidget(panel_);

    createActions();
    createMenus();
    createToolBar();
    createStatusBar();
    resize(1200, 720);

    connect(job_, &LoadJob::progressChanged, this, [this](double fraction) {
        progress_->setValue(qRound(fraction * progress_->maximum()));
    });
    connect(job_, &LoadJob::finished, this, &MainWindow::onLoadFinished);
    connect(job_, &LoadJob::failed, this, &MainWindow::onLoadFailed);
    connect(job_, &LoadJob::cancelled, this, &MainWindow::onLoadCancelled);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QStyle* s = style();
    openAction_ = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open Workspace…"), this);
    openAction_->setShortcut(QKeySequence::Open);
    openAction_->setStatusTip(tr("Open a .ranklab workspace file"));
    connect(openAction_, &QAction::triggered, this, &MainWindow::chooseWorkspace);

    reloadAction_ = new QAction(s->standardIcon(QStyle::SP_BrowserReload), tr("&Reload"), this);
    reloadAction_->setShortcut(QKeySequence::Refresh);
    reloadAction_->setStatusTip(tr("Read the workspace's files again"));
    reloadAction_->setEnabled(false);
    connect(reloadAction_, &QAction::triggered, this, &MainWindow::reloadWorkspace);

    quitAction_ = new QAction(tr("&Quit"), this);
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);

    copyAction_ = new QAction(tr("&Copy"), this);
    copyAction_->setShortcut(QKeySequence::Copy);
    copyAction_->setStatusTip(tr("Copy the selected files' rows as tab-separated text"));
    connect(copyAction_, &QAction::triggered, this, &MainWindow::copySelection);

    evaluateAction_ = new QAction(s->standardIcon(QStyle::SP_MediaPlay), tr("&Evaluate"), this);
    evaluateAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    evaluateAction_->setStatusTip(tr("Compute the chosen metrics for every model"));
    evaluateAction_->setEnabled(false);  // the metrics come in a later version

    cancelAction_ = new QAction(s->standardIcon(QStyle::SP_BrowserStop), tr("&Cancel"), this);
    cancelAction_->setShortcut(QKeySequence::Cancel);
    cancelAction_->setStatusTip(tr("Stop the work running in the background"));
    cancelAction_->setEnabled(false);
    connect(cancelAction_, &QAction::triggered, this, &MainWindow::cancelWork);

    aboutAction_ = new QAction(tr("&About RankLab"), this);
    aboutAction_->setMenuRole(QAction::AboutRole);
    connect(aboutAction_, &QAction::triggered, this, &MainWindow::showAbout);
    aboutQtAction_ = new QAction(tr("About &Qt"), this);
    aboutQtAction_->setMenuRole(QAction::AboutQtRole);
    connect(aboutQtAction_, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(openAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fillRecentMenu();
    file->addAction(reloadAction_);
    file->addSeparator();
    file->addAction(quitAction_);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(copyAction_);

    viewMenu_ = menuBar()->addMenu(tr("&View"));  // filled by createToolBar() and createStatusBar()

    QMenu* evaluate = menuBar()->addMenu(tr("E&valuate"));
    evaluate->addAction(evaluateAction_);
    evaluate->addAction(cancelAction_);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(aboutAction_);
    help->addAction(aboutQtAction_);
}

void MainWindow::createToolBar() {
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    bar->addAction(openAction_);
    bar->addAction(reloadAction_);
    bar->addSeparator();
    bar->addAction(evaluateAction_);
    bar->addAction(cancelAction_);
    QAction* toggle = bar->toggleViewAction();
    toggle->setText(tr("&Toolbar"));
    viewMenu_->addAction(toggle);
}

void MainWindow::createStatusBar() {
    status_ = new QLabel(tr("Ready"), this);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setFixedWidth(220);
    progress_->setMaximumHeight(fontMetrics().height());
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop loading (%1)").arg(QKeySequence(QKeySequence::Cancel).toString()));
    connect(cancel_, &QPushButton::clicked, this, &MainWindow::cancelWork);
    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    progress_->hide();
    cancel_->hide();

    auto* toggle = new QAction(tr("&Status Bar"), this);
    toggle->setCheckable(true);
    toggle->setChecked(true);
    connect(toggle, &QAction::toggled, statusBar(), &QWidget::setVisible);
    viewMenu_->addAction(toggle);
}

void MainWindow::fillRecentMenu() {
    recentMenu_->clear();
    const QStringList paths = RecentWorkspaces::list();
    for (int i = 0; i < paths.size(); ++i) {
        const QString& path = paths[i];
        QAction* action = recentMenu_->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName().replace(QLatin1Char('&'), "&&")));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openWorkspace(path); });
    }
    if (paths.isEmpty()) {
        recentMenu_->addAction(tr("No recent workspaces"))->setEnabled(false);
    } else {
        recentMenu_->addSeparator();
        connect(recentMenu_->addAction(tr("&Clear List")), &QAction::triggered, this, [] { RecentWorkspaces::clear(); });
    }
}

void MainWindow::setBusy(bool busy, const QString& message) {
    status_->setText(message);
    progress_->setVisible(busy);
    cancel_->setVisible(busy);
    cancelAction_->setEnabled(busy);
    if (busy) progress_->setValue(0);
}

void MainWindow::openWorkspace(const QString& path) {
    job_->start(path);
    setBusy(true, tr("Loading %1…").arg(QFileInfo(path).fileName()));
}

void MainWindow::chooseWorkspace() {
    QString start = loaded_.path.isEmpty() ? QString() : QFileInfo(loaded_.path).absolutePath();
    QString path = QFileDialog::getOpenFileName(this, tr("Open Workspace"), start, kWorkspaceFilter);
    if (!path.isEmpty()) openWorkspace(path);
}

void MainWindow::reloadWorkspace() {
    if (!loaded_.path.isEmpty()) openWorkspace(loaded_.path);
}

void MainWindow::cancelWork() { job_->cancel(); }

void MainWindow::copySelection() {
    if (filesModel_->rowCount() > 0) QApplication::clipboard()->setText(panel_->selectionAsText());
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About RankLab"),
                       tr("<h3>RankLab %1</h3>"
                          "<p>A workbench for the offline evaluation of rankings: recommender top-k lists "
                          "and retrieval runs.</p>")
                           .arg(QApplication::applicationVersion()));
}

void MainWindow::onLoadFinished(const LoadedWorkspace& loaded) {
    loaded_ = loaded;
    filesModel_->setDataset(loaded_.dataset, modelColors(loaded_.workspace));
    panel_->showWorkspace(loaded_);
    reloadAction_->setEnabled(true);
    setWindowTitle(tr("%1 — RankLab").arg(QFileInfo(loaded_.path).fileName()));
    RecentWorkspaces::add(loaded_.path);
    const int files = filesModel_->rowCount();
    const QString count = files == 1 ? tr("1 file") : tr("%1 files").arg(files);
    setBusy(false, tr("Loaded %1: %2 in %3 s")
                       .arg(QFileInfo(loaded_.path).fileName(), count, QString::number(loaded_.seconds, 'f', 2)));
    Q_EMIT workspaceLoaded(loaded_.path);
}

void MainWindow::onLoadFailed(const QString& path, const LoadError& error) {
    setBusy(false, tr("Could not open %1").arg(QFileInfo(path).fileName()));
    showLoadError(this, path, error, loaded_.dataset != nullptr);
    Q_EMIT workspaceLoadFailed(path, error.message);
}

void MainWindow::onLoadCancelled(const QString& path) {
    setBusy(false, tr("Loading %1 cancelled").arg(QFileInfo(path).fileName()));
    Q_EMIT workspaceLoadCancelled(path);
}

void MainWindow::restoreWindowState() {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    job_->cancel();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedWorkspace(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QString path = droppedWorkspace(event->mimeData());
    if (path.isEmpty()) return;
    event->acceptProposedAction();
    openWorkspace(path);
}

} // namespace ranklab::ui
