// The Summary's set-up the workspace keeps (split from main_window.cpp): the
// interval the cells show, the cells' display, the table's orientation and
// the plot open under the table, saved on each change of the toolbar and
// restored when a workspace loads.
#include <QTabWidget>

#include "ui/main_window.h"
#include "ui/summary/critical_difference_pane.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/summary_toolbar.h"
#include "ui/summary/summary_view.h"

namespace ranklab::ui {
namespace {

// The interval as a workspace saves it, and back.
std::string intervalName(CiKind kind) {
    switch (kind) {
    case CiKind::Bootstrap: return "bootstrap";
    case CiKind::None: return "none";
    case CiKind::T: break;
    }
    return "t";
}

CiKind intervalKind(const std::string& name) {
    if (name == "bootstrap") return CiKind::Bootstrap;
    if (name == "none") return CiKind::None;
    return CiKind::T;
}

} // namespace

void MainWindow::connectSummarySetup() {
    // The interval the cells show is part of the set-up saved in the workspace.
    connect(summary_->toolBar(), &SummaryToolBar::ciKindChanged, this,
            [this](CiKind kind) { workbench_->setInterval(intervalName(kind)); });
    // So are the cells' display and the table's orientation.
    auto keepLayout = [this] {
        const SummaryToolBar* bar = summary_->toolBar();
        workbench_->setSummaryLayout(cellDisplayKey(bar->display()).toStdString(), bar->isTransposed());
    };
    connect(summary_->toolBar(), &SummaryToolBar::displayChanged, this, keepLayout);
    connect(summary_->toolBar(), &SummaryToolBar::transposedChanged, this, keepLayout);
    connect(summary_->toolBar(), &SummaryToolBar::minEffectRejected, this,
            [this](const QString& message) { showMessage(message); });
    // And the plot open under the table.
    connect(summary_->plotTabs(), &QTabWidget::currentChanged, this, [this] {
        workbench_->setSummaryPlot(summary_->plotTabs()->currentWidget() == summary_->criticalDifferencePane() ? "cd"
                                                                                                              : "");
    });
}

void MainWindow::restoreSummarySetup() {
    summary_->toolBar()->setCiKind(intervalKind(workbench_->interval()));
    ComparisonSetup layout = summary_->toolBar()->state();
    layout.display = cellDisplayFromKey(QString::fromStdString(workbench_->summaryDisplay())).value_or(CellDisplay::Mean);
    layout.transposed = workbench_->summaryTransposed();
    summary_->toolBar()->setState(layout);
    if (workbench_->summaryPlot() == "cd") summary_->plotTabs()->setCurrentWidget(summary_->criticalDifferencePane());
    else summary_->plotTabs()->setCurrentWidget(summary_->forestPane());
}

} // namespace ranklab::ui
