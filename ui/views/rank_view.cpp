#include "ui/views/rank_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include <cmath>

#include "ui/charts/chart_caption.h"
#include "ui/job_tracker.h"
#include "ui/views/chart_panel.h"

namespace ranklab::ui {

RankView::RankView(SelectedUsers* selection, QWidget* parent) : AnalysisView(selection, parent) {
    kind_ = new QComboBox(this);
    kind_->addItem(tr("First relevant item per user"), int(RankHistogramKind::First));
    kind_->addItem(tr("Every relevant item"), int(RankHistogramKind::All));
    kmax_ = new QSpinBox(this);
    kmax_->setRange(1, 100000);
    kmax_->setValue(int(kDefaultKmax));
    kmax_->setPrefix(tr("K = "));
    kmax_->setAccessibleName(tr("Largest rank K"));
    kmax_->setToolTip(tr("Ranks 1..K get a bar each; the rest go to \"not retrieved\""));
    cdf_ = new QCheckBox(tr("CDF"), this);
    cdf_->setChecked(true);
    cdf_->setToolTip(tr("The share at rank ≤ r, on the right axis"));
    log_ = new QCheckBox(tr("Log counts"), this);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Rank of:"), this));
    controls->addWidget(kind_);
    controls->addWidget(kmax_);
    controls->addWidget(cdf_);
    controls->addWidget(log_);
    controls->addStretch(1);

    summary_ = new QLabel(this);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setWordWrap(true);
    panel_ = new ChartPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to see where the relevant items land"));
    layOut(controls, {panel_, summary_});
    exportFrom(panel_);
    connect(kmax_, &QSpinBox::editingFinished, this, [this] { invalidate(); });
    connect(kind_, &QComboBox::activated, this, [this] { showChart(); });
    connect(cdf_, &QCheckBox::toggled, this, [this] { showChart(); });
    connect(log_, &QCheckBox::toggled, this, [this] { showChart(); });
}

RankView::~RankView() = default;

RankChart* RankView::chart() const { return panel_->shown<RankChart>(); }

RankChartOptions RankView::chartOptions() const {
    RankChartOptions o;
    o.kind = RankHistogramKind(kind_->currentData().toInt());
    o.cdf = cdf_->isChecked();
    o.logCounts = log_->isChecked();
    return o;
}

RankView::Request RankView::request() const {
    return {result()->evaluation.get(), std::uint32_t(kmax_->value()), analysisSettings().onlyUsers};
}

void RankView::refresh() {
    const Request wanted = request();
    if (distributions_ && wanted == shown_) {
        showChart();
        finishRefresh();
        return;
    }
    if (!distributions_) panel_->showPlaceholder(tr("Computing the rank distributions…"));
    const std::shared_ptr<const EvaluationResult> r = result();
    const EvalSettings settings = analysisSettings();
    jobs()->start<std::shared_ptr<const RankDistributions>>(
        tr("Computing rank distributions…"),
        [r, settings, kmax = wanted.kmax](const Progress& progress) {
            return std::make_shared<const RankDistributions>(
                computeRankDistributions(*r->dataset, settings, kmax, *r->cache, &progress));
        },
        [this, wanted](std::shared_ptr<const RankDistributions> d) {
            distributions_ = std::move(d);
            shown_ = wanted;
            showChart();
            Q_EMIT statusMessage(tr("Rank distributions over %L1 users").arg(qulonglong(distributions_->counts.evaluated)));
            finishRefresh();
        });
}

void RankView::showChart() {
    if (!distributions_ || !result()) return;
    looks_ = result()->models;
    const bool every = chartOptions().kind == RankHistogramKind::All;
    QStringList lines;
    for (std::size_t m = 0; m < distributions_->models.size() && m < std::size_t(looks_.size()); ++m) {
        if (!looks_[int(m)].visible) continue;
        const ModelRankDistribution& d = distributions_->models[m];
        const QString name = tr("<b style='color:%1'>%2</b>")
                                 .arg(looks_[int(m)].color.name(), looks_[int(m)].name.toHtmlEscaped());
        if (every) {
            // One unit per relevant item: the share of the items, not of users.
            lines << tr("%1: %2% of the %L3 relevant items at rank ≤ %4; %L5 not retrieved within the top %4")
                         .arg(name)
                         .arg(100.0 * d.all.retrievedShare(), 0, 'f', 1)
                         .arg(d.all.total, 0, 'f', 0)
                         .arg(distributions_->kmax)
                         .arg(d.all.notRetrieved, 0, 'f', 0);
            continue;
        }
        const QString mean = std::isnan(d.meanFirstRank) ? tr("—") : QString::number(d.meanFirstRank, 'f', 2);
        const QString median = std::isnan(d.medianFirstRank) ? tr("—") : QString::number(d.medianFirstRank, 'f', 0);
        lines << tr("%1: first relevant item at rank ≤ %2 for %3% of users; among them mean rank %4, median %5")
                     .arg(name)
                     .arg(distributions_->kmax)
                     .arg(100.0 * d.first.retrievedShare(), 0, 'f', 1)
                     .arg(mean, median);
    }
    summary_->setText(lines.join(QStringLiteral("<br>")));
    if (distributions_->kmax == 0) {
        panel_->showPlaceholder(tr("No averaged user has a ranked item"));
        return;
    }
    panel_->showChart(std::make_unique<RankChart>(*distributions_, looks_, chartOptions()));
}

void RankView::clearView() {
    distributions_.reset();
    shown_ = {};
    summary_->clear();
    panel_->showPlaceholder(tr("Evaluate a workspace to see where the relevant items land"));
}

std::unique_ptr<QChart> RankView::makeExportChart() const {
    if (!distributions_ || distributions_->kmax == 0) return nullptr;
    return std::make_unique<RankChart>(*distributions_, looks_, chartOptions());
}

QString RankView::exportCaption() const {
    const RankChart* shown = chart();
    if (!distributions_ || !shown) return {};
    return withRestriction(
        chartCaption(shown->description(), distributions_->settings, distributions_->counts.evaluated));
}

QString RankView::exportBaseName() const {
    return chartOptions().kind == RankHistogramKind::First ? QStringLiteral("first-relevant-rank")
                                                           : QStringLiteral("relevant-ranks");
}

} // namespace ranklab::ui
