// File → Export Report… (split from main_window.cpp): the dialog, and the
// exporter's background job shown in the status bar like the views' work.
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>

#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/report/report_export.h"
#include "ui/report/report_export_dialog.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {

void MainWindow::createReportExport() {
    reportExporter_ = new ReportExporter(workbench_, selection_, this);
    JobTracker* jobs = reportExporter_->jobs();
    connect(jobs, &JobTracker::started, status_, &QLabel::setText);
    connect(jobs, &JobTracker::progressChanged, this,
            [this](double fraction) { progress_->setValue(qRound(fraction * progress_->maximum())); });
    connect(jobs, &JobTracker::busyChanged, this, &MainWindow::updateBusy);
    connect(reportExporter_, &ReportExporter::exported, this, [this](const QString& path) {
        showMessage(tr("Exported the report to %1").arg(path));
        Q_EMIT reportExported(path);
    });
    connect(reportExporter_, &ReportExporter::failed, this, [this](const QString& message) {
        showMessage(tr("The report was not written"));
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Could not export the report"), message,
                                    QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("reportErrorDialog"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        Q_EMIT reportExportFailed(message);
    });
}

void MainWindow::exportReport() {
    ReportExportDialog dialog(selection_->restrictsViews() ? selection_->count() : 0, this);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (!reportExporter_->start(dialog.choice(), &error)) QMessageBox::information(this, tr("Export Report"), error);
}

bool MainWindow::exportReportTo(const ReportChoice& choice, QString* error) {
    return reportExporter_->start(choice, error);
}

} // namespace ranklab::ui
