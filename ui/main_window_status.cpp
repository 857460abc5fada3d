// The window's status bar (split from main_window.cpp): a job's label and
// progress while it runs, Cancel, and the state a load or an evaluation
// leaves (what is loaded and evaluated, what the load left out or skipped),
// with the load's error dialog.
#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>

#include "ui/app_settings.h"
#include "ui/job_tracker.h"
#include "ui/load_error_dialog.h"
#include "ui/loaded_files_model.h"
#include "ui/main_window.h"
#include "ui/report/report_export.h"
#include "ui/summary/summary_view.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {
namespace {

// What the load left out or skipped, for the status bar; empty if nothing.
QString loadRemarks(const Workbench& bench) {
    QStringList remarks;
    const WorkspaceReadNotes& notes = bench.readNotes();
    const std::size_t missing = bench.workspace().groundTruth.path.empty() ? 0 : missingFiles(bench.workspace()).size();
    if (missing > 0)
        remarks << (missing == 1 ? MainWindow::tr("1 file missing: locate it in the Workspace panel")
                                 : MainWindow::tr("%1 files missing: locate them in the Workspace panel").arg(missing));
    if (!notes.relocated.empty())
        remarks << MainWindow::tr("%1 moved file(s) found by the folder search").arg(notes.relocated.size());
    for (const std::string& warning : notes.warnings) remarks << QString::fromUtf8(warning.c_str());
    if (const auto& data = bench.dataset()) {
        std::uint64_t skipped = 0;
        std::vector<const LoadReport*> reports{&data->judgmentsReport};
        for (const ModelRun& m : data->models) reports.push_back(&m.report);
        if (data->exclusionsReport) reports.push_back(&*data->exclusionsReport);
        if (data->cohortsReport) reports.push_back(&*data->cohortsReport);
        for (const LoadReport* r : reports) skipped += r->skippedLines;
        if (skipped > 0)
            remarks << (skipped == 1 ? MainWindow::tr("1 bad line skipped (see Files)")
                                     : MainWindow::tr("%1 bad lines skipped (see Files)").arg(skipped));
    }
    return remarks.join(QStringLiteral("; "));
}

} // namespace

void MainWindow::updateBusy() {
    bool busy = workbench_->jobs()->isBusy();
    for (const AnalysisView* view : views_) busy = busy || view->jobs()->isBusy();
    busy = busy || (reportExporter_ && reportExporter_->jobs()->isBusy());
    setBusy(busy);
}

void MainWindow::showJobLabel(const QString& label) {
    status_->setText(label);
    jobLabelShown_ = true;
}

void MainWindow::showMessage(const QString& text) {
    status_->setText(text);
    jobLabelShown_ = false;
}

void MainWindow::showState(const QString& text) {
    stateText_ = text;
    status_->setText(text);
    jobLabelShown_ = false;
}

void MainWindow::setBusy(bool busy) {
    // A finished job's label ("Computing…") gives way to the state again;
    // a message the job left (failed, cancelled, exported) stays.
    if (!busy && jobLabelShown_ && status_->text() != stateText_) {
        status_->setText(stateText_);
        jobLabelShown_ = false;
    }
    if (busy == !progress_->isHidden()) return;
    progress_->setVisible(busy);
    cancel_->setVisible(busy);
    cancelAction_->setEnabled(busy);
    if (busy) progress_->setValue(0);
}

void MainWindow::onLoaded(const QString& path) {
    summary_->clear();  // the new data's evaluation follows
    // The selection's ids belong to the data read before (a model added or
    // removed keeps the ids, and so the selection).
    if (!workbench_->lastLoadWasIncremental()) {
        selection_->clear();
        selection_->setRestricting(false);
    }
    for (AnalysisView* view : views_) view->setResult(nullptr);
    if (!workbench_->path().isEmpty()) AppSettings::addRecentWorkspace(workbench_->path());
    restoreSummarySetup();
    for (AnalysisView* view : views_) view->setFocusMetric(QString::fromStdString(workbench_->focusMetric()));
    const int files = filesModel_->rowCount();
    QString text = tr("Loaded %1: %2 in %3 s")
                       .arg(QFileInfo(path.isEmpty() ? tr("the files") : path).fileName(),
                            files == 1 ? tr("1 file") : tr("%1 files").arg(files),
                            QString::number(workbench_->lastLoadSeconds(), 'f', 2));
    if (!workbench_->dataset()) text = tr("The ground truth is missing: locate it in the Workspace panel");
    const QString remarks = loadRemarks(*workbench_);
    if (!remarks.isEmpty()) text += QStringLiteral(" — ") + remarks;
    showState(text);
    Q_EMIT workspaceLoaded(path);
}

void MainWindow::onLoadFailed(const QString& path, const LoadError& error) {
    showMessage(loadErrorTitle(path, error));
    QMessageBox* box = showLoadError(this, path, error, workbench_->dataset() != nullptr);
    // A bad line in a data file: one click reads it again, skipping and
    // counting the lines that do not read (what --skip-bad-lines does).
    if (error.line > 0 && workbench_->canRetrySkippingBadLines(error.file)) {
        QPushButton* retry = box->addButton(tr("Retry, &Skipping Bad Lines"), QMessageBox::AcceptRole);
        retry->setObjectName(QStringLiteral("retrySkippingBadLines"));
        retry->setToolTip(tr("Read %1 again, skipping the lines that do not read; they are counted, and the "
                             "first ones listed, in the Files tab's report")
                              .arg(QFileInfo(error.file).fileName()));
        const QString file = error.file;
        connect(retry, &QPushButton::clicked, this, [this, file] { workbench_->retrySkippingBadLines(file); });
    }
    Q_EMIT workspaceLoadFailed(path, error.message);
}

void MainWindow::onEvaluated() {
    const auto& result = workbench_->result();
    if (!result || !result->evaluation) return;
    showDetectedFormats();  // with the models' coverage
    // A model whose file is missing is not in the evaluation: said, not dropped.
    QStringList missing;
    const std::vector<std::size_t>& rows = workbench_->datasetModels();
    const auto& all = workbench_->workspace().models;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (std::find(rows.begin(), rows.end(), i) == rows.end())
            missing << (all[i].name.empty() ? QFileInfo(QString::fromStdString(all[i].path)).fileName()
                                            : QString::fromStdString(all[i].name));
    summary_->setMissingModels(missing);
    summary_->setResult(result->byModel ? result->byModel : result);  // the models, runs averaged
    for (AnalysisView* view : views_) view->setResult(result);
    const Evaluation& e = *result->evaluation;
    // With repeated runs: the models, then their runs.
    const QString models = result->byModel ? tr("%1 models (%2 runs)")
                                                 .arg(result->byModel->evaluation->models.size())
                                                 .arg(e.models.size())
                                           : tr("%1 models").arg(e.models.size());
    QString text = tr("%1 × %2 metrics over %3 users%4")
                       .arg(models)
                       .arg(e.metricCount())
                       .arg(QLocale().toString(qulonglong(e.users.size())))
                       .arg(result->comparison ? QString() : tr(" — comparing…"));
    // What the load left out or skipped stays in view.
    const QString remarks = loadRemarks(*workbench_);
    if (!remarks.isEmpty()) text += QStringLiteral(" — ") + remarks;
    showState(text);
}

} // namespace ranklab::ui
