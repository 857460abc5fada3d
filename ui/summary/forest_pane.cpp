#include "ui/summary/forest_pane.h"

#include <QComboBox>
#include <QLabel>

#include "ui/charts/chart_caption.h"
#include "ui/charts/chart_theme.h"
#include "ui/charts/forest_chart.h"
#include "ui/summary/metric_pane.h"
#include "ui/views/chart_panel.h"

namespace ranklab::ui {

ForestPane::ForestPane(QWidget* parent)
    : QWidget(parent), metric_(new QComboBox(this)), title_(new QLabel(tr("Forest plot of:"), this)),
      panel_(new ChartPanel(this)) {
    metric_->setObjectName(QStringLiteral("forestMetric"));
    metric_->setToolTip(tr("The metric column plotted (or click a cell or header of the table)"));
    panel_->setObjectName(QStringLiteral("forestChart"));
    panel_->setMinimumSize(240, 180);
    auto* hint = new QLabel(tr("every model's difference to the baseline with its CI · right-click to export"), this);
    layOutMetricPane(this, title_, metric_, hint, panel_);
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
    result_ = std::move(result);
    interval_ = interval;
    std::vector<std::pair<QString, std::size_t>> columns;
    const stats::Comparison* c = result_ ? result_->comparison.get() : nullptr;
    if (c && result_->evaluation)
        for (std::size_t i = 0; i < c->metrics.size(); ++i)
            columns.emplace_back(QString::fromStdString(c->metricIds[i]), c->metrics[i]);
    updating_ = true;
    refillMetricBox(metric_, columns, [this](const std::vector<std::size_t>& offered) {
        return defaultMetric(*result_->evaluation, offered);
    });
    updating_ = false;
    rebuild();
}

void ForestPane::setCiKind(CiKind interval) {
    if (interval == interval_) return;
    interval_ = interval;
    rebuild();
}

void ForestPane::setMetric(std::size_t metric) { chooseColumn(metric_, metric); }

std::optional<std::size_t> ForestPane::metric() const { return chosenColumn(metric_); }

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
    exportPaneChart(this, QStringLiteral("forest"), result_.get(), metric(), exportCaption(),
                    [this] { return makeExportChart(); });
}

} // namespace ranklab::ui
