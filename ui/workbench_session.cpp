// The workbench's session (split from workbench.cpp, which holds loading,
// evaluating and comparing): starting over (File → New), a failed load read
// again skipping bad lines, saving, and the comparison set-up's setters.
#include "ui/workbench.h"

#include <QFileInfo>

#include "ui/job_tracker.h"
#include "ui/skip_bad_lines.h"
#include "ui/summary/comparison_setup.h"
#include "workspace/comparison_setup.h"

namespace ranklab::ui {

std::optional<Workspace> Workbench::retryWorkspace(const QString& file) const {
    if (!failedLoad_ || work_ == Work::Load) return std::nullopt;
    std::optional<Workspace> next = failedLoad_->workspace;
    if (!next) {
        if (failedLoad_->origin == Origin::Reload) next = workspace_;
        else {
            try {
                next = readWorkspaceFile(failedLoad_->path.toStdString());
            } catch (const std::exception&) {
                return std::nullopt;  // the workspace file itself does not read: nothing to skip
            }
        }
    }
    if (!skipBadLinesOf(*next, file.toStdString())) return std::nullopt;
    return next;
}

bool Workbench::canRetrySkippingBadLines(const QString& file) const { return retryWorkspace(file).has_value(); }

bool Workbench::retrySkippingBadLines(const QString& file) {
    std::optional<Workspace> next = retryWorkspace(file);
    if (!next) return false;
    const LoadRequest failed = *failedLoad_;
    const QString label = tr("Reading again, skipping bad lines in %1…").arg(QFileInfo(file).fileName());
    if (failed.origin == Origin::File || failed.origin == Origin::Retry) startLoad(label, failed.path, next, Origin::Retry);
    else startLoad(label, path_, next, Origin::Edit);
    return true;
}

void Workbench::resetComparisonSetup() {
    comparisonOptions_ = defaultComparisonOptions();
    interval_ = "t";
    display_ = "mean";
    transposed_ = false;
}

void Workbench::clear() {
    cancel();
    work_ = Work::None;
    evaluatePending_ = false;
    pending_.reset();
    lastLoad_.reset();
    failedLoad_.reset();
    path_.clear();
    workspace_ = Workspace{};
    loaded_ = Workspace{};
    datasetModels_.clear();
    notes_ = WorkspaceReadNotes{};
    dataset_.reset();
    cache_ = std::make_shared<RankCache>();
    evaluation_.reset();
    sampled_.reset();
    comparison_.reset();
    setLevel_.reset();
    modelEvaluation_.reset();
    spreads_.reset();
    result_.reset();
    completed_.reset();
    comparisonCancelled_ = false;
    resetComparisonSetup();
    modified_ = false;
    Q_EMIT workspaceChanged();
}

void Workbench::setInterval(const std::string& interval) {
    interval_ = interval;
    keepComparisonSetup();
}

std::string Workbench::interval() const { return interval_; }

void Workbench::setSummaryLayout(const std::string& display, bool transposed) {
    display_ = display;
    transposed_ = transposed;
    keepComparisonSetup();
}

std::string Workbench::summaryDisplay() const { return display_; }

bool Workbench::summaryTransposed() const { return transposed_; }

void Workbench::setFocusMetric(const std::string& id) {
    if (id == workspace_.view.metric) return;
    workspace_.view.metric = id;
    modified_ = true;
    Q_EMIT workspaceChanged();
}

void Workbench::setSummaryPlot(const std::string& plot) {
    const std::string kept = plot == "forest" ? std::string() : plot;
    if (kept == workspace_.view.summaryPlot) return;
    workspace_.view.summaryPlot = kept;
    modified_ = true;
    Q_EMIT workspaceChanged();
}

void Workbench::cancel() { jobs_->cancel(); }

bool Workbench::save(const QString& path, QString* error) {
    try {
        writeWorkspaceFile(workspace_, path.toStdString());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
    path_ = QFileInfo(path).absoluteFilePath();
    modified_ = false;
    Q_EMIT workspaceChanged();
    return true;
}

void Workbench::restoredAs(const QString& path) {
    path_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    modified_ = true;
    Q_EMIT workspaceChanged();
}

void Workbench::setModified(bool modified) {
    if (modified_ == modified) return;
    modified_ = modified;
}

} // namespace ranklab::ui
