// The window's actions, menus, toolbar and status bar (split from
// main_window.cpp, which holds what the window does).
#include "ui/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>

#include "ui/app_settings.h"
#include "ui/appearance.h"
#include "ui/data_panel.h"
#include "ui/explain_dialog.h"
#include "ui/help_dialogs.h"
#include "ui/sharded/sharded_results_dialog.h"
#include "ui/views/selected_users.h"
#include "ui/workbench.h"

namespace ranklab::ui {

void MainWindow::createActions() {
    QStyle* s = style();
    auto action = [this](const QIcon& icon, const QString& text, QKeySequence key, const QString& tip) {
        auto* a = new QAction(icon, text, this);
        a->setShortcut(key);
        a->setStatusTip(tip);
        return a;
    };
    newAction_ = action(s->standardIcon(QStyle::SP_FileIcon), tr("&New Workspace"), QKeySequence::New,
                        tr("Start an empty workspace (asks to save unsaved changes first)"));
    connect(newAction_, &QAction::triggered, this, &MainWindow::newWorkspace);
    openAction_ = action(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open Workspace…"), QKeySequence::Open,
                         tr("Open a .ranklab workspace file"));
    connect(openAction_, &QAction::triggered, this, &MainWindow::chooseWorkspace);
    openShardedAction_ = action({}, tr("Open S&harded Results…"), {},
                                tr("Open the partial states of a sharded evaluation (ranklab-cli eval --buckets a:b "
                                   "--partial): the merged means, and the users' values from the shards' files"));
    connect(openShardedAction_, &QAction::triggered, this, [this] {
        const QStringList paths =
            QFileDialog::getOpenFileNames(this, tr("Open Sharded Results"), AppSettings::startFolder(AppSettings::Folder::Data),
                                          tr("Partial states (*.json);;All files (*)"));
        if (paths.isEmpty()) return;
        AppSettings::setLastFolder(AppSettings::Folder::Data, paths.first());
        openShardedResults(paths);
    });
    saveAction_ = action(s->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save Workspace"), QKeySequence::Save,
                         tr("Save the files, names, colours and settings to the workspace file"));
    connect(saveAction_, &QAction::triggered, this, &MainWindow::saveWorkspace);
    saveAsAction_ = action({}, tr("Save Workspace &As…"), QKeySequence::SaveAs, tr("Save the workspace to a new file"));
    connect(saveAsAction_, &QAction::triggered, this, &MainWindow::saveWorkspaceAs);
    reloadAction_ = action(s->standardIcon(QStyle::SP_BrowserReload), tr("&Reload Files"), QKeySequence::Refresh,
                           tr("Read the workspace's files again"));
    connect(reloadAction_, &QAction::triggered, this, &MainWindow::reloadWorkspace);
    quitAction_ = action({}, tr("&Quit"), QKeySequence::Quit, tr("Close RankLab"));
    quitAction_->setMenuRole(QAction::QuitRole);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);

    copyAction_ = action({}, tr("&Copy"), QKeySequence::Copy, tr("Copy the table shown as tab-separated text"));
    connect(copyAction_, &QAction::triggered, this, &MainWindow::copySelection);
    addModelAction_ = action(s->standardIcon(QStyle::SP_FileDialogNewFolder), tr("&Add Model…"),
                             QKeySequence(Qt::CTRL | Qt::Key_M), tr("Add a model's score file to the workspace"));
    connect(addModelAction_, &QAction::triggered, this, [this] { dataPanel_->chooseFile(Role::Run); });

    evaluateAction_ = action(s->standardIcon(QStyle::SP_MediaPlay), tr("&Evaluate"), QKeySequence(Qt::CTRL | Qt::Key_E),
                             tr("Compute the chosen metrics for every model again"));
    connect(evaluateAction_, &QAction::triggered, workbench_, &Workbench::evaluate);
    cancelAction_ = action(s->standardIcon(QStyle::SP_BrowserStop), tr("&Cancel"), QKeySequence::Cancel,
                           tr("Stop the work running in the background"));
    cancelAction_->setEnabled(false);
    connect(cancelAction_, &QAction::triggered, this, &MainWindow::cancelWork);

    exportChartAction_ = action({}, tr("Export &Chart…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                                tr("Write the chart of the current tab to PNG, SVG or PDF for a report"));
    connect(exportChartAction_, &QAction::triggered, this, &MainWindow::exportCurrentChart);
    exportReportAction_ = action({}, tr("Export &Report…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R),
                                 tr("Write one self-contained HTML page (or a PDF) of the whole comparison: summary, "
                                    "charts, checks, definitions and the manifest"));
    connect(exportReportAction_, &QAction::triggered, this, &MainWindow::exportReport);
    explainAction_ = action({}, tr("&Explain Profiles…"), {},
                            tr("Why two tools' definitions give different numbers: each clause's share of the "
                               "difference, on the loaded data and chosen metrics"));
    connect(explainAction_, &QAction::triggered, this, [this] { openExplainDialog(); });
    restrictAction_ = action(s->standardIcon(QStyle::SP_FileDialogContentsView), tr("&Restrict Views to Selection"),
                             QKeySequence(Qt::CTRL | Qt::Key_R),
                             tr("Average only the users selected in the Per user tab, in every view that follows "
                                "the selection"));
    restrictAction_->setCheckable(true);
    restrictAction_->setEnabled(false);
    connect(restrictAction_, &QAction::toggled, selection_, &SelectedUsers::setRestricting);

    aboutAction_ = new QAction(tr("&About RankLab"), this);
    aboutAction_->setMenuRole(QAction::AboutRole);
    connect(aboutAction_, &QAction::triggered, this, &MainWindow::showAbout);
    aboutQtAction_ = new QAction(tr("About &Qt"), this);
    aboutQtAction_->setMenuRole(QAction::AboutQtRole);
    connect(aboutQtAction_, &QAction::triggered, qApp, &QApplication::aboutQt);
}

ShardedResultsDialog* MainWindow::openShardedResults(const QStringList& statePaths) {
    auto* dialog = new ShardedResultsDialog(statePaths, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(newAction_);
    file->addAction(openAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fillRecentMenu();
    file->addAction(openShardedAction_);
    file->addAction(saveAction_);
    file->addAction(saveAsAction_);
    file->addSeparator();
    file->addAction(addModelAction_);
    file->addAction(reloadAction_);
    file->addSeparator();
    file->addAction(exportChartAction_);
    file->addAction(exportReportAction_);
    file->addSeparator();
    file->addAction(quitAction_);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = undo_->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName(QStringLiteral("undoAction"));
    QAction* redo = undo_->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName(QStringLiteral("redoAction"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(copyAction_);

    viewMenu_ = menuBar()->addMenu(tr("&View"));  // filled by the toolbar, dock and status bar
    viewMenu_->addAction(restrictAction_);
    // Light or dark: the desktop's preference by default (ui/appearance.h).
    QMenu* looks = viewMenu_->addMenu(tr("&Appearance"));
    auto* looksGroup = new QActionGroup(this);
    AppearanceManager* appearance = AppearanceManager::instance();
    const std::pair<Appearance, QString> choices[] = {{Appearance::System, tr("Follow the &System")},
                                                      {Appearance::Light, tr("&Light")},
                                                      {Appearance::Dark, tr("&Dark")}};
    for (const auto& [choice, text] : choices) {
        QAction* a = looks->addAction(text);
        a->setCheckable(true);
        a->setChecked(appearance->choice() == choice);
        a->setObjectName(QStringLiteral("appearance%1").arg(int(choice)));
        looksGroup->addAction(a);
        connect(a, &QAction::triggered, appearance, [appearance, choice = choice] { appearance->setChoice(choice); });
    }
    viewMenu_->addSeparator();

    QMenu* evaluate = menuBar()->addMenu(tr("E&valuate"));
    evaluate->addAction(evaluateAction_);
    evaluate->addAction(cancelAction_);
    evaluate->addSeparator();
    evaluate->addAction(explainAction_);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    // The manual and the shortcut list read the window's actions when opened.
    QAction* manual = help->addAction(tr("RankLab &Manual"), this,
                                      [this] { showManualDialog(this, findChildren<QAction*>()); });
    manual->setObjectName(QStringLiteral("manualAction"));
    manual->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showShortcutsDialog(this, findChildren<QAction*>()); })
        ->setObjectName(QStringLiteral("shortcutsAction"));
    help->addSeparator();
    help->addAction(aboutAction_);
    help->addAction(aboutQtAction_);
}

void MainWindow::createToolBar() {
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    for (QAction* a : {openAction_, saveAction_}) bar->addAction(a);
    bar->addSeparator();
    for (QAction* a : {addModelAction_, reloadAction_}) bar->addAction(a);
    bar->addSeparator();
    for (QAction* a : {evaluateAction_, cancelAction_}) bar->addAction(a);
    bar->addSeparator();
    bar->addAction(restrictAction_);
    QAction* toggle = bar->toggleViewAction();
    toggle->setText(tr("&Toolbar"));
    viewMenu_->addAction(toggle);
}

void MainWindow::createStatusBar() {
    status_ = new QLabel(tr("Ready"), this);
    // A long message is cut, never widens the window.
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setFixedWidth(220);
    progress_->setMaximumHeight(fontMetrics().height());
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop the work running in the background (%1)")
                            .arg(QKeySequence(QKeySequence::Cancel).toString(QKeySequence::NativeText)));
    connect(cancel_, &QPushButton::clicked, this, &MainWindow::cancelWork);
    selectionLabel_ = new QLabel(this);
    selectionLabel_->setObjectName(QStringLiteral("selectionLabel"));
    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(selectionLabel_);
    selectionLabel_->hide();
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
    const QStringList paths = AppSettings::recentWorkspaces();
    for (int i = 0; i < paths.size(); ++i) {
        const QString& path = paths[i];
        QAction* a = recentMenu_->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName().replace(QLatin1Char('&'), "&&")));
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave()) openWorkspace(path);
        });
    }
    if (paths.isEmpty()) {
        recentMenu_->addAction(tr("No recent workspaces"))->setEnabled(false);
    } else {
        recentMenu_->addSeparator();
        connect(recentMenu_->addAction(tr("&Clear List")), &QAction::triggered, this,
                [] { AppSettings::clearRecentWorkspaces(); });
    }
}

ExplainDialog* MainWindow::openExplainDialog() {
    auto* dialog = new ExplainDialog(workbench_->result(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace ranklab::ui
