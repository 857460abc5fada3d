#include "ui/summary/critical_difference_pane.h"

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QTimer>

#include "ui/charts/chart_caption.h"
#include "ui/charts/chart_theme.h"
#include "ui/charts/critical_difference_chart.h"
#include "ui/job_tracker.h"
#include "ui/summary/forest_pane.h"
#include "ui/summary/metric_pane.h"
#include "ui/views/chart_panel.h"

namespace ranklab::ui {

CriticalDifferencePane::CriticalDifferencePane(QWidget* parent)
    : QWidget(parent), metric_(new QComboBox(this)), title_(new QLabel(tr("Average ranks of:"), this)),
      panel_(new ChartPanel(this)), jobs_(new JobTracker(this)) {
    metric_->setObjectName(QStringLiteral("cdMetric"));
    metric_->setToolTip(tr("The metric column the users rank the models by (or click a cell or header of the table)"));
    panel_->setObjectName(QStringLiteral("cdChart"));
    panel_->setMinimumSize(240, 150);
    auto* hint = new QLabel(tr("Friedman average ranks (1 = best); bars join models the Nemenyi test cannot tell "
                               "apart · right-click to export"),
                            this);
    hint->setToolTip(hint->text());
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // cut on a narrow pane, never widens it
    layOutMetricPane(this, title_, metric_, hint, panel_);
    connect(metric_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_) invalidate();
    });
    connect(panel_, &ChartPanel::exportRequested, this, &CriticalDifferencePane::exportChart);
    connect(jobs_, &JobTracker::failed, this, [this](const QString&, const LoadError& error) {
        panel_->showPlaceholder(tr("No diagram: %1").arg(error.message));
        if (exportPending_) {
            exportPending_ = false;
            QMessageBox::warning(this, tr("Export failed"), tr("No diagram to export: %1").arg(error.message));
        }
    });
    connect(jobs_, &JobTracker::cancelled, this, [this] { exportPending_ = false; });
    panel_->showPlaceholder(tr("The critical-difference diagram of the models' average ranks shows here."));
}

CriticalDifferencePane::~CriticalDifferencePane() = default;

void CriticalDifferencePane::setResult(std::shared_ptr<const EvaluationResult> result, double alpha) {
    result_ = std::move(result);
    alpha_ = alpha;
    const Evaluation* e = result_ ? result_->evaluation.get() : nullptr;
    updating_ = true;
    refillMetricBox(metric_, e ? perUserColumns(*e) : std::vector<std::pair<QString, std::size_t>>{},
                    [e](const std::vector<std::size_t>& offered) { return ForestPane::defaultMetric(*e, offered); });
    updating_ = false;
    invalidate();
}

void CriticalDifferencePane::setMetric(std::size_t metric) { chooseColumn(metric_, metric); }

std::optional<std::size_t> CriticalDifferencePane::metric() const { return chosenColumn(metric_); }

CriticalDifferenceChart* CriticalDifferencePane::chart() const { return panel_->shown<CriticalDifferenceChart>(); }

void CriticalDifferencePane::invalidate() {
    stale_ = true;
    diagram_.reset();
    if (isVisible()) refreshNow();
}

void CriticalDifferencePane::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) refreshNow();
}

void CriticalDifferencePane::refreshNow() {
    stale_ = false;
    const Evaluation* e = result_ ? result_->evaluation.get() : nullptr;
    const auto m = metric();
    if (!e || !m) {
        jobs_->cancel();
        panel_->showPlaceholder(tr("The critical-difference diagram of the models' average ranks shows here."));
        return;
    }
    std::vector<std::size_t> models;
    for (std::size_t j = 0; j < e->models.size(); ++j)
        if (j >= std::size_t(result_->models.size()) || result_->models[qsizetype(j)].visible) models.push_back(j);
    if (models.size() < 2) {
        jobs_->cancel();
        panel_->showPlaceholder(tr("Show at least two models to rank them."));
        return;
    }
    panel_->showPlaceholder(tr("Ranking the models for every user…"));
    using Diagram = std::shared_ptr<const stats::CriticalDifference>;
    std::function<Diagram(const Progress&)> work = [evaluation = result_->evaluation, metric = *m,
                                                    models = std::move(models), alpha = alpha_](const Progress&) {
        return std::make_shared<const stats::CriticalDifference>(
            stats::criticalDifference(*evaluation, metric, models, alpha));
    };
    const std::size_t metricShown = *m;
    jobs_->start<Diagram>(tr("Ranking the models…"), std::move(work), [this, metricShown](Diagram d) {
        diagramMetric_ = metricShown;
        showDiagram(std::move(d));
        if (exportPending_) {
            exportPending_ = false;
            // Out of the job's callback: the dialog runs its own event loop.
            QTimer::singleShot(0, this, &CriticalDifferencePane::exportChart);
        }
    });
}

void CriticalDifferencePane::showDiagram(std::shared_ptr<const stats::CriticalDifference> diagram) {
    diagram_ = std::move(diagram);
    std::unique_ptr<QChart> chart = makeExportChart();
    if (!chart) return;
    applyPrintTheme(chart.get());
    panel_->showChart(std::move(chart));
}

std::unique_ptr<QChart> CriticalDifferencePane::makeExportChart() const {
    if (!diagram_ || !diagramMetric_ || !result_ || !result_->evaluation) return nullptr;
    const QString id = QString::fromStdString(result_->evaluation->settings.metrics[*diagramMetric_].id());
    return std::make_unique<CriticalDifferenceChart>(*diagram_, id, result_->models);
}

QString CriticalDifferencePane::exportCaption() const {
    const CriticalDifferenceChart* shown = chart();
    if (!shown || !result_ || !result_->evaluation) return {};
    return chartCaption(shown->description(), result_->evaluation->settings, result_->evaluation->users.size());
}

void CriticalDifferencePane::exportWhenReady() {
    if (stale_) refreshNow();
    if (jobs_->isBusy()) {
        exportPending_ = true;
        return;
    }
    if (!diagram_ || !chart()) {
        QMessageBox::information(this, tr("Export the critical-difference diagram"),
                                 tr("There is no diagram to export: %1").arg(panel_->placeholder()));
        return;
    }
    exportChart();
}

void CriticalDifferencePane::exportChart() {
    if (!chart()) return;
    exportPaneChart(this, QStringLiteral("critical-difference"), result_.get(), diagramMetric_, exportCaption(),
                    [this] { return makeExportChart(); });
}

} // namespace ranklab::ui
