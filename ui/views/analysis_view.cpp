#include "ui/views/analysis_view.h"

#include <QLocale>
#include <QShowEvent>

#include "ui/job_tracker.h"
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
