// The window's analysis tabs, the selection they can be restricted to, and
// the export of their charts (split from main_window.cpp).
#include <QAction>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>
#include <QTabWidget>

#include "ui/job_tracker.h"
#include "ui/loaded_files_panel.h"
#include "ui/main_window.h"
#include "ui/views/chart_export_dialog.h"
#include "ui/views/checks_view.h"
#include "ui/views/cohorts_view.h"
#include "ui/views/curves_view.h"
#include "ui/views/per_user_view.h"
#include "ui/views/rank_view.h"
#include "ui/views/selected_users.h"
#include "ui/views/user_view.h"
#include "ui/workbench.h"

namespace ranklab::ui {

void MainWindow::createAnalysisViews() {
    // Registered in the order an analyst reads them, after the Summary.
    addAnalysisView(new CurvesView(selection_, this), tr("Curves"));
    addAnalysisView(new RankView(selection_, this), tr("Rank distribution"));
    auto* perUser = new PerUserView(selection_, this);
    addAnalysisView(perUser, tr("Per user"));
    auto* user = new UserView(selection_, this);
    addAnalysisView(user, tr("User"));
    connect(perUser, &PerUserView::userActivated, this, [this, user](UserId id) {
        user->showAllModels();
        user->showUser(id);
        tabs_->setCurrentWidget(user);
    });
    // "Most different": the user's lists from the two models side by side.
    connect(perUser, &PerUserView::userCompared, this, [this, user](UserId id, std::size_t a, std::size_t b) {
        user->compareUser(id, {a, b});
        tabs_->setCurrentWidget(user);
    });
    addAnalysisView(new CohortsView(selection_, this), tr("Cohorts"));
    addAnalysisView(new ChecksView(selection_, this), tr("Checks"));
}

void MainWindow::addAnalysisView(AnalysisView* view, const QString& title) {
    views_.append(view);
    tabs_->insertTab(tabs_->indexOf(filesPanel_), view, title);
    connect(view, &AnalysisView::exportRequested, this, [this, view] { exportChartOf(view); });
    connect(view, &AnalysisView::statusMessage, status_, &QLabel::setText);
    // A metric chosen in one tab is the workspace's: the other tabs follow.
    connect(view, &AnalysisView::focusMetricChosen, this, [this](const QString& id) {
        workbench_->setFocusMetric(id.toStdString());
        for (AnalysisView* other : views_) other->setFocusMetric(id);
    });
    // A view's background work shows in the status bar like the workbench's,
    // and the Cancel button stops it too.
    JobTracker* jobs = view->jobs();
    connect(jobs, &JobTracker::started, this, &MainWindow::showJobLabel);
    connect(jobs, &JobTracker::progressChanged, this,
            [this](double fraction) { progress_->setValue(qRound(fraction * progress_->maximum())); });
    connect(jobs, &JobTracker::busyChanged, this, &MainWindow::updateBusy);
    connect(jobs, &JobTracker::cancelled, this, [this] { showMessage(tr("Cancelled")); });
}

void MainWindow::updateSelectionStatus() {
    const std::size_t n = selection_->count();
    restrictAction_->setEnabled(n > 0 || selection_->isRestricting());
    if (n == 0) {
        selectionLabel_->clear();
        selectionLabel_->hide();
        return;
    }
    const QString users = n == 1 ? tr("1 selected user") : tr("%1 selected users").arg(QLocale().toString(qulonglong(n)));
    selectionLabel_->setText(selection_->restrictsViews() ? tr("Views restricted to %1").arg(users) : users);
    selectionLabel_->show();
}

void MainWindow::exportCurrentChart() {
    auto* view = qobject_cast<AnalysisView*>(tabs_->currentWidget());
    if (!view) {
        QMessageBox::information(this, tr("Export Chart"),
                                 tr("Show a tab with a chart first: Curves, Rank distribution, Per user, Cohorts "
                                    "or Checks. The Summary's table exports from its own Export button."));
        return;
    }
    exportChartOf(view);
}

void MainWindow::exportChartOf(AnalysisView* view) {
    std::unique_ptr<QChart> chart = view->makeExportChart();
    if (!chart) {
        QMessageBox::information(this, tr("Export Chart"), tr("This view has no chart to export yet."));
        return;
    }
    ChartExportDialog dialog(view->exportBaseName(), view->exportCaption(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (!writeChartFile(std::move(chart), dialog.path(), dialog.format(), dialog.options(), &error)) {
        QMessageBox::warning(this, tr("Could not export the chart"), error);
        return;
    }
    showMessage(tr("Exported %1").arg(dialog.path()));
}

} // namespace ranklab::ui
