// The window's file work (split from main_window.cpp): open, new, save,
// save as, the unsaved-changes question, and the recovery file offered
// after a crash.
#include "ui/main_window.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

#include "ui/app_settings.h"
#include "ui/recovery_file.h"
#include "ui/workbench.h"

namespace ranklab::ui {
namespace {

const QString kWorkspaceFilter = QStringLiteral("RankLab workspaces (*.ranklab);;All files (*)");

} // namespace

void MainWindow::offerRecovery() {
    const QList<RecoveryFile::Found> found = RecoveryFile::leftBehind();
    if (found.isEmpty()) return;
    const RecoveryFile::Found& newest = found.front();
    const QString name = newest.originalPath.isEmpty() ? tr("an untitled workspace")
                                                       : QFileInfo(newest.originalPath).fileName();
    QMessageBox box(QMessageBox::Question, tr("Restore unsaved work?"),
                    tr("RankLab did not close normally. Unsaved changes to %1 from %2 were kept. Restore them?")
                        .arg(name, QLocale().toString(newest.written.toLocalTime(), QLocale::ShortFormat)),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("recoveryDialog"));
    QPushButton* restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
    box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box.addButton(tr("Later"), QMessageBox::RejectRole);
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() == restore) restoreRecovery(newest);
    else if (box.buttonRole(box.clickedButton()) == QMessageBox::DestructiveRole) RecoveryFile::discard(newest);
}

void MainWindow::restoreRecovery(const RecoveryFile::Found& found) {
    auto* once = new QObject(this);
    connect(workbench_, &Workbench::loaded, once, [this, found, once](const QString& path) {
        if (path != found.file) return;
        workbench_->restoredAs(found.originalPath);
        RecoveryFile::discard(found);
        showMessage(tr("Restored the unsaved changes; save them to keep them"));
        once->deleteLater();
    });
    connect(workbench_, &Workbench::loadFailed, once, [once](const QString&) { once->deleteLater(); });
    undo_->clear();
    workbench_->open(found.file);
}

void MainWindow::openWorkspace(const QString& path) {
    undo_->clear();  // edits of another workspace
    workbench_->open(path);
}

void MainWindow::chooseWorkspace() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Workspace"),
                                                      AppSettings::startFolder(AppSettings::Folder::Workspace),
                                                      kWorkspaceFilter);
    if (path.isEmpty()) return;
    AppSettings::setLastFolder(AppSettings::Folder::Workspace, path);
    openWorkspace(path);
}

void MainWindow::newWorkspace() {
    if (!maybeSave()) return;
    undo_->clear();  // edits of the workspace left
    workbench_->clear();
    showState(tr("New workspace: choose the ground truth and the models' files on the left"));
}

bool MainWindow::saveWorkspaceTo(const QString& path) {
    QString error;
    if (!workbench_->save(path, &error)) {
        QMessageBox::warning(this, tr("Could not save"), error);
        return false;
    }
    AppSettings::addRecentWorkspace(path);
    showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool MainWindow::saveWorkspace() {
    if (workbench_->path().isEmpty()) return saveWorkspaceAs();
    return saveWorkspaceTo(workbench_->path());
}

bool MainWindow::saveWorkspaceAs() {
    const QString start = workbench_->path().isEmpty()
                              ? AppSettings::startPath(AppSettings::Folder::Workspace, QStringLiteral("untitled.ranklab"))
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

} // namespace ranklab::ui
