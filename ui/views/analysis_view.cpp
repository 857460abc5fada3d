#include "ui/views/analysis_view.h"

#include <QComboBox>
#include <QLocale>
#include <QShowEvent>
#include <QSignalBlocker>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/job_tracker.h"
#include "ui/views/chart_panel.h"
#include "ui/views/selected_users.h"

namespace ranklab::ui {

AnalysisView::AnalysisView(SelectedUsers* selection, QWidget* parent)
    : QWidget(parent), selection_(selection), jobs_(new JobTracker(this)) {
    auto onSelection = [this] {
        if (followsSelection() && selection_->isRestricting()) invalidate();
    };
    connect(selection_, &SelectedUsers::changed, this, onSelection);
    connect(selection_, &SelectedUsers::restrictingChanged, this, [this] {
        if (followsSelection() && !selection_->isEmpty()) invalidate();
    });
}

AnalysisView::~AnalysisView() = default;

void AnalysisView::setResult(std::shared_ptr<const EvaluationResult> result) {
    result_ = std::move(result);
    if (!result_ || !result_->evaluation) {
        jobs_->cancel();
        stale_ = false;
        clearView();
        return;
    }
    invalidate();
}

void AnalysisView::invalidate() {
    stale_ = true;
    if (isVisible()) refreshNow();
}

void AnalysisView::refreshNow() {
    if (!result_ || !result_->evaluation) return;
    stale_ = false;
    refresh();
}

EvalSettings AnalysisView::analysisSettings() const {
    EvalSettings settings = result_->evaluation->settings;
    settings.metrics.clear();
    if (followsSelection()) settings.onlyUsers = selection_->restriction();
    return settings;
}

bool AnalysisView::restricted() const { return followsSelection() && selection_->restrictsViews(); }

QSplitter* AnalysisView::splitPanes(Qt::Orientation orientation, QWidget* first, int firstStretch, QWidget* second,
                                    int secondStretch) {
    auto* split = new QSplitter(orientation, this);
    split->addWidget(first);
    split->addWidget(second);
    split->setStretchFactor(0, firstStretch);
    split->setStretchFactor(1, secondStretch);
    split->setChildrenCollapsible(false);
    return split;
}

QVBoxLayout* AnalysisView::layOut(QLayout* controls, std::initializer_list<QWidget*> widgets) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    if (controls) layout->addLayout(controls);
    bool first = true;
    for (QWidget* w : widgets) {
        layout->addWidget(w, first ? 1 : 0);
        first = false;
    }
    return layout;
}

void AnalysisView::exportFrom(ChartPanel* panel) {
    connect(panel, &ChartPanel::exportRequested, this, &AnalysisView::exportRequested);
}

void AnalysisView::fillMetricColumns(QComboBox* box, const Evaluation& evaluation) const {
    const QString current = box->currentText();
    const QSignalBlocker quiet(box);
    box->clear();
    for (std::size_t c = 0; c < evaluation.metricCount(); ++c)
        box->addItem(QString::fromStdString(evaluation.settings.metrics[c].id()), int(c));
    if (const int focus = focusMetric_.isEmpty() ? -1 : box->findText(focusMetric_); focus >= 0)
        box->setCurrentIndex(focus);
    else if (const int keep = box->findText(current); keep >= 0) box->setCurrentIndex(keep);
    else if (box->count() > 0) box->setCurrentIndex(int(defaultMetricColumn(evaluation.settings.metrics)));
}

void AnalysisView::watchMetricChooser(QComboBox* box) {
    metricChooser_ = box;
    connect(box, &QComboBox::activated, this, [this, box] {
        focusMetric_ = box->currentText();
        Q_EMIT focusMetricChosen(focusMetric_);
    });
}

void AnalysisView::setFocusMetric(const QString& id) {
    if (id == focusMetric_) return;
    focusMetric_ = id;
    if (!metricChooser_ || id.isEmpty()) return;
    const int i = metricChooser_->findText(id);
    if (i < 0 || i == metricChooser_->currentIndex()) return;
    {
        const QSignalBlocker quiet(metricChooser_);
        metricChooser_->setCurrentIndex(i);
    }
    invalidate();
}

std::size_t AnalysisView::defaultMetricColumn(const std::vector<MetricSpec>& metrics) {
    std::size_t best = 0;
    std::uint32_t bestCutoff = 0;
    for (std::size_t c = 0; c < metrics.size(); ++c) {
        const std::uint32_t k = metrics[c].cutoff;
        if (k == kCutoffAll || k > kDefaultCutoffLimit || k <= bestCutoff) continue;
        best = c;
        bestCutoff = k;
    }
    return best;
}

std::size_t AnalysisView::chosenColumn(const QComboBox* box) { return std::size_t(std::max(0, box->currentData().toInt())); }

QString AnalysisView::withRestriction(const QString& caption) const {
    if (!restricted()) return caption;
    const std::size_t n = selection_->count();
    return caption + tr(" · restricted to %1 selected %2")
                         .arg(QLocale(QLocale::English).toString(qulonglong(n)), n == 1 ? tr("user") : tr("users"));
}

void AnalysisView::finishRefresh() { Q_EMIT refreshed(); }

void AnalysisView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) refreshNow();
}

} // namespace ranklab::ui
