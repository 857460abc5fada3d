#include "ui/views/cohorts_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

#include "metrics/metric_record.h"
#include "metrics/metric_spec.h"
#include "ui/charts/chart_caption.h"
#include "ui/job_tracker.h"
#include "ui/views/chart_panel.h"

namespace ranklab::ui {
namespace {

QString meanWithCi(const CohortBar& bar) {
    if (std::isnan(bar.mean)) return QStringLiteral("—");
    if (std::isnan(bar.lo) || std::isnan(bar.hi)) return QString::number(bar.mean, 'f', 4);
    return QStringLiteral("%1  [%2, %3]").arg(bar.mean, 0, 'f', 4).arg(bar.lo, 0, 'f', 4).arg(bar.hi, 0, 'f', 4);
}

// The evaluation rows of the selected users (all rows when `only` is null).
std::vector<std::size_t> rowsOf(const Evaluation& e, const std::vector<UserId>* only) {
    std::vector<std::size_t> rows;
    for (std::size_t row = 0; row < e.users.size(); ++row)
        if (!only || std::binary_search(only->begin(), only->end(), e.users[row])) rows.push_back(row);
    return rows;
}

} // namespace

CohortsView::CohortsView(SelectedUsers* selection, QWidget* parent) : AnalysisView(selection, parent) {
    grouping_ = new QComboBox(this);
    grouping_->addItem(tr("Number of relevant items"), int(CohortGrouping::Relevant));
    grouping_->addItem(tr("Activity (training items)"), int(CohortGrouping::Activity));
    grouping_->addItem(tr("Attribute (cohort file)"), int(CohortGrouping::Attribute));
    metric_ = new QComboBox(this);
    metric_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    interval_ = new QComboBox(this);
    interval_->addItem(tr("95% t interval"), false);
    interval_->addItem(tr("95% bootstrap interval"), true);
    interval_->setToolTip(tr("Student's t, or the percentile bootstrap over the cohort's users (%L1 resamples)")
                              .arg(qulonglong(kBootstrapResamples)));

    bins_ = new QLineEdit(this);
    bins_->setPlaceholderText(tr("default bins"));
    bins_->setAccessibleName(tr("Cohort bins"));
    bins_->setClearButtonEnabled(true);
    bins_->setMaximumWidth(160);
    bins_->setToolTip(tr("Bins of the count, as ranklab-cli cohorts --bins: N, N-M or N+, comma separated, e.g. "
                         "1,2,3-5,6-10,11+ (empty: 1,2,3-5,6-10,11+ for relevant items, quartiles for activity). "
                         "Press Enter to apply"));
    binsError_ = new QLabel(this);
    binsError_->setStyleSheet(QStringLiteral("color: #c62828"));
    binsError_->setWordWrap(true);
    binsError_->hide();

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Users grouped by:"), this));
    controls->addWidget(grouping_);
    controls->addWidget(new QLabel(tr("Bins:"), this));
    controls->addWidget(bins_);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Metric:"), this));
    controls->addWidget(metric_);
    controls->addWidget(interval_);
    controls->addStretch(1);

    panel_ = new ChartPanel(this);
    panel_->showPlaceholder(tr("Evaluate a workspace to compare the models per cohort"));
    table_ = new QTableWidget(this);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    layOut(controls, {binsError_, splitPanes(Qt::Vertical, panel_, 3, table_, 1)});
    exportFrom(panel_);
    for (QComboBox* box : {grouping_, metric_, interval_})
        connect(box, &QComboBox::activated, this, [this] { invalidate(); });
    connect(grouping_, &QComboBox::activated, this, [this] { updateBinsEnabled(); });
    watchMetricChooser(metric_);
    connect(bins_, &QLineEdit::editingFinished, this, &CohortsView::binsEdited);
    updateBinsEnabled();
}

void CohortsView::updateBinsEnabled() {
    const bool counted = CohortGrouping(grouping_->currentData().toInt()) != CohortGrouping::Attribute;
    bins_->setEnabled(counted);
    if (!counted) bins_->setToolTip(tr("Attribute cohorts are the cohort file's groups: they take no bins"));
}

void CohortsView::binsEdited() {
    const std::string text = bins_->text().trimmed().toStdString();
    if (!text.empty()) {
        try {
            parseCountBins(text);
        } catch (const std::exception& e) {
            binsError_->setText(tr("Bins \"%1\": %2").arg(bins_->text().trimmed(), QString::fromUtf8(e.what())));
            binsError_->show();
            return;  // the bins shown stay the last ones that parsed
        }
    }
    binsError_->clear();
    binsError_->hide();
    if (text == binsText_) return;
    binsText_ = text;
    invalidate();
}

CohortsView::~CohortsView() = default;

CohortChart* CohortsView::chart() const {
    return panel_->shown<CohortChart>();
}

std::size_t CohortsView::metricColumn() const { return chosenColumn(metric_); }

void CohortsView::fillChoices() {
    fillMetricColumns(metric_, *result()->evaluation);

    // A grouping needs its file: disabled, with the reason, when it is missing.
    auto* model = qobject_cast<QStandardItemModel*>(grouping_->model());
    const Dataset& data = *result()->dataset;
    const bool has[] = {true, data.exclusions.has_value(), data.cohorts.has_value()};
    const QString missing[] = {{}, tr("Add an exclusions file (training interactions) to the workspace"),
                               tr("Add a cohort file (`user group` lines) to the workspace")};
    for (int i = 0; i < 3; ++i) {
        QStandardItem* item = model->item(i);
        item->setEnabled(has[i]);
        item->setToolTip(missing[i]);
    }
    if (!has[grouping_->currentIndex()]) grouping_->setCurrentIndex(0);
    updateBinsEnabled();
}

CohortsView::Request CohortsView::request() const {
    return {result()->evaluation.get(), grouping_->currentData().toInt(), metricColumn(),
            interval_->currentData().toBool(),
            CohortGrouping(grouping_->currentData().toInt()) == CohortGrouping::Attribute ? std::string() : binsText_,
            analysisSettings().onlyUsers};
}

void CohortsView::refresh() {
    if (shown_.evaluation != result()->evaluation.get()) fillChoices();
    const Request wanted = request();
    if (cohorts_ && wanted == shown_) {
        showResult();
        finishRefresh();
        return;
    }
    if (!cohorts_) panel_->showPlaceholder(tr("Comparing the models per cohort…"));
    CohortSpec spec;
    spec.by = CohortGrouping(wanted.grouping);
    spec.relevanceThreshold = result()->evaluation->settings.relevanceThreshold;
    if (!wanted.bins.empty()) spec.bins = parseCountBins(wanted.bins);  // parsed once already: cannot throw
    stats::ComparisonOptions options;
    options.metrics = {wanted.metric};
    options.bootstrapIntervals = wanted.bootstrap;
    options.resampling.resamples = kBootstrapResamples;
    if (const auto& c = result()->comparison) options.baseline = c->options.baseline;
    const std::shared_ptr<const EvaluationResult> r = result();
    jobs()->start<std::shared_ptr<const CohortComparison>>(
        tr("Comparing the models per cohort…"),
        [r, spec, options, only = wanted.only](const Progress& progress) {
            const Evaluation& whole = *r->evaluation;
            std::optional<Evaluation> part;
            if (only) part = subEvaluation(whole, rowsOf(whole, only.get()));
            const Evaluation& e = part ? *part : whole;
            const CohortAssignment assignment = assignCohorts(*r->dataset, e.users, spec);
            return std::make_shared<const CohortComparison>(
                compareCohorts(e, assignment, options, &progress, r->dataset.get(), r->cache.get()));
        },
        [this, wanted](std::shared_ptr<const CohortComparison> c) {
            cohorts_ = std::move(c);
            shown_ = wanted;
            showResult();
            Q_EMIT statusMessage(tr("%1 cohorts").arg(cohorts_->cohorts.size()));
            finishRefresh();
        });
}

CohortChartOptions CohortsView::chartOptions() const {
    CohortChartOptions o;
    o.metric = 0;  // the comparison holds the chosen column only
    o.bootstrapCi = shown_.bootstrap;
    return o;
}

void CohortsView::showResult() {
    if (!cohorts_ || !result()) return;
    looks_ = result()->models;
    panel_->showChart(std::make_unique<CohortChart>(*cohorts_, looks_, chartOptions()));
    fillTable();
}

void CohortsView::fillTable() {
    const std::vector<CohortGroup> groups = cohortGroups(*cohorts_, chartOptions());
    QStringList headers{tr("Cohort"), tr("Users")};
    std::vector<std::size_t> shownModels;
    for (int m = 0; m < looks_.size(); ++m)
        if (looks_[m].visible) {
            shownModels.push_back(std::size_t(m));
            headers << looks_[m].name;
        }
    headers << tr("Best") << tr("Note");
    table_->clear();
    table_->setColumnCount(int(headers.size()));
    table_->setHorizontalHeaderLabels(headers);
    table_->setRowCount(int(groups.size()));
    const QColor highlight(255, 236, 179);
    std::size_t overallBest = cohorts_->overall.best.empty() ? 0 : cohorts_->overall.best[0];
    const bool sets = showsSetLevel(*cohorts_);
    const Direction setDirection =
        sets ? directionOf(MetricSpec::parse(cohorts_->overallSetLevel->metricIds[0])) : Direction::HigherIsBetter;
    auto bestBar = [&](const std::vector<CohortBar>& bars) {
        std::size_t best = 0;
        for (std::size_t m = 1; m < bars.size(); ++m)
            if (isBetter(setDirection, bars[m].mean, bars[best].mean)) best = m;
        return best;
    };
    if (sets && !groups.empty()) overallBest = bestBar(groups[0].bars);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const bool overallRow = g == 0;  // the chart's first group is "all"
        const CohortResult* cohort = overallRow ? nullptr : &cohorts_->cohorts[g - 1];
        const std::size_t users = overallRow ? cohorts_->overall.users : cohort->users;
        int col = 0;
        auto put = [&](const QString& text) {
            auto* item = new QTableWidgetItem(text);
            if (groups[g].bestDiffers) item->setBackground(highlight);
            table_->setItem(int(g), col++, item);
            return item;
        };
        put(groups[g].label);
        put(QLocale().toString(qulonglong(users)))->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        for (std::size_t m : shownModels) put(meanWithCi(groups[g].bars[m]));
        const stats::Comparison* comparison = overallRow ? &cohorts_->overall
                                              : cohort->comparison ? &*cohort->comparison : nullptr;
        std::size_t best = comparison && !comparison->best.empty() ? comparison->best[0] : overallBest;
        if (sets) best = bestBar(groups[g].bars);  // by the metric's direction
        put(comparison && best < std::size_t(looks_.size()) ? looks_[int(best)].name : QStringLiteral("—"));
        QString note;
        if (groups[g].bestDiffers && sets) {
            note = tr("best differs from overall (%1); intervals: bootstrap over the cohort's users")
                       .arg(looks_[int(overallBest)].name);
        } else if (groups[g].bestDiffers) {
            const bool significant = cohort && !cohort->differenceSignificant.empty() && cohort->differenceSignificant[0];
            note = significant ? tr("best differs from overall (%1), significantly").arg(looks_[int(overallBest)].name)
                               : tr("best differs from overall (%1), not significantly").arg(looks_[int(overallBest)].name);
        }
        put(note);
    }
    table_->resizeColumnsToContents();
}

void CohortsView::clearView() {
    cohorts_.reset();
    shown_ = {};
    table_->clear();
    table_->setRowCount(0);
    panel_->showPlaceholder(tr("Evaluate a workspace to compare the models per cohort"));
}

std::unique_ptr<QChart> CohortsView::makeExportChart() const {
    if (!cohorts_) return nullptr;
    return std::make_unique<CohortChart>(*cohorts_, looks_, chartOptions());
}

QString CohortsView::exportCaption() const {
    const CohortChart* shown = chart();
    if (!cohorts_ || !shown || !result()) return {};
    return withRestriction(chartCaption(shown->description(), result()->evaluation->settings, cohorts_->overall.users));
}

QString CohortsView::exportBaseName() const {
    return QStringLiteral("cohorts-%1").arg(QString::fromLatin1(cohortGroupingName(CohortGrouping(shown_.grouping))));
}

} // namespace ranklab::ui
