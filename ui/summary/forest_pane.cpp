#include "ui/summary/forest_pane.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QVBoxLayout>

#include "ui/charts/chart_caption.h"
#include "ui/charts/chart_theme.h"
#include "ui/charts/forest_chart.h"
#include "ui/views/chart_export_dialog.h"
#include "ui/views/chart_panel.h"

namespace ranklab::ui {

ForestPane::ForestPane(QWidget* parent)
    : QWidget(parent), metric_(new QComboBox(this)), title_(new QLabel(tr("Forest plot of:"), this)),
      panel_(new ChartPanel(this)) {
    metric_->setObjectName(QStringLiteral("forestMetric"));
    metric_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    metric_->setToolTip(tr("The metric column plotted (or click a cell or header of the table)"));
    title_->setBuddy(metric_);
    panel_->setObjectName(QStringLiteral("forestChart"));
    panel_->setMinimumSize(240, 180);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(title_);
    top->addWidget(metric_);
    auto* hint = new QLabel(tr("every model's difference to the baseline with its CI · right-click to export"), this);
    hint->setEnabled(false);
    top->addWidget(hint, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(panel_, 1);
    connect(metric_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_) rebuild();
    });
    connect(panel_, &ChartPanel::exportRequested, this, &ForestPane::exportChart);
    rebuild();
}

ForestPane::~ForestPane() = default;

std::size_t ForestPane::defaultMetric(const Evaluation& e, const std::vector<std::size_t>& columns) {
    std::optional<std::size_t> best;
    std::uint32_t bestCutoff = 0;
    for (std::size_t c : columns) {
        const std::uint32_t k = e.settings.metrics[c].cutoff;
        if (k <= 20 && (!best || k > bestCutoff)) {
            best = c;
            bestCutoff = k;
        }
    }
    return best ? *best : (columns.empty() ? 0 : columns.front());
}

void ForestPane::setResult(std::shared_ptr<const EvaluationResult> result, CiKind interval) {
    const std::optional<std::size_t> before = metric();
    result_ = std::move(result);
    interval_ = interval;
    updating_ = true;
    metric_->clear();
    const stats::Comparison* c = result_ ? result_->comparison.get() : nullptr;
    if (c && result_->evaluation) {
        for (std::size_t i = 0; i < c->metrics.size(); ++i)
            metric_->addItem(QString::fromStdString(c->metricIds[i]), qulonglong(c->metrics[i]));
        const std::size_t wanted = before && metric_->findData(qulonglong(*before)) >= 0
                                       ? *before
                                       : defaultMetric(*result_->evaluation, c->metrics);
        metric_->setCurrentIndex(std::max(0, metric_->findData(qulonglong(wanted))));
    }
    metric_->setEnabled(metric_->count() > 0);
    updating_ = false;
    rebuild();
}

void ForestPane::setCiKind(CiKind interval) {
    if (interval == interval_) return;
    interval_ = interval;
    rebuild();
}

void ForestPane::setMetric(std::size_t metric) {
    const int i = metric_->findData(qulonglong(metric));
    if (i >= 0) metric_->setCurrentIndex(i);
}

std::optional<std::size_t> ForestPane::metric() const {
    if (metric_->currentIndex() < 0) return std::nullopt;
    return std::size_t(metric_->currentData().toULongLong());
}

ForestChart* ForestPane::chart() const { return panel_->shown<ForestChart>(); }

std::unique_ptr<QChart> ForestPane::makeExportChart() const {
    const stats::Comparison* c = result_ ? result_->comparison.get() : nullptr;
    const auto m = metric();
    if (!c || !c->options.baseline || !m) return nullptr;
    auto chart = std::make_unique<ForestChart>(*c, *m, result_->models, interval_);
    if (chart->rows().empty()) return nullptr;
    return chart;
}

QString ForestPane::exportCaption() const {
    const ForestChart* shown = chart();
    if (!shown || !result_ || !result_->evaluation) return {};
    return chartCaption(shown->description(), result_->evaluation->settings, result_->evaluation->users.size());
}

void ForestPane::rebuild() {
    const stats::Comparison* c = result_ ? result_->comparison.get() : nullptr;
    if (!result_ || !result_->evaluation) {
        panel_->showPlaceholder(tr("The forest plot of the differences to the baseline shows here."));
        return;
    }
    if (!c) {
        panel_->showPlaceholder(tr("Computing the differences and their intervals…"));
        return;
    }
    if (!c->options.baseline) {
        panel_->showPlaceholder(tr("All pairs: choose a baseline to plot every model's difference to it."));
        return;
    }
    std::unique_ptr<QChart> chart = makeExportChart();
    if (!chart) {
        panel_->showPlaceholder(tr("No other model is shown to compare with the baseline."));
        return;
    }
    applyPrintTheme(chart.get());
    panel_->showChart(std::move(chart));
}

void ForestPane::exportChart() {
    if (!chart()) return;
    const auto m = metric();
    QString base = QStringLiteral("forest");
    if (m && result_ && result_->evaluation)
        base += QLatin1Char('-') + QString::fromStdString(result_->evaluation->settings.metrics[*m].id())
                                       .replace(QLatin1Char('@'), QLatin1Char('-'));
    ChartExportDialog dialog(base, exportCaption(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (!writeChartFile(makeExportChart(), dialog.path(), dialog.format(), dialog.options(), &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace ranklab::ui
