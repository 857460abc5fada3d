// The workbench's comparison (split from workbench.cpp, which holds loading
// and evaluating): the models' averaged evaluation for repeated runs, the
// comparison job, the set-up kept in the workspace, and what is published.
#include "ui/workbench.h"

#include "compare/comparison_thresholds.h"
#include "compare/run_spread.h"
#include "eval/run_groups.h"
#include "ui/job_tracker.h"
#include "ui/model_colors.h"
#include "workspace/comparison_setup.h"

namespace ranklab::ui {

void Workbench::byModel(EvaluationResult& r) const {
    const std::vector<RunGroup> groups = groupByName(modelNames());
    auto m = std::make_shared<EvaluationResult>(r);
    m->evaluation = modelEvaluation_;
    m->comparison = comparison_;
    m->setLevel.reset();
    m->sampled.reset();  // the estimates are per run (the views' result)
    m->spreads = spreads_;
    m->models.clear();
    for (const RunGroup& g : groups) {
        ModelLook look = g.runs.front() < std::size_t(r.models.size()) ? r.models[qsizetype(g.runs.front())] : ModelLook{};
        look.name = QString::fromStdString(g.model);
        look.visible = false;
        for (std::size_t run : g.runs)
            look.visible = look.visible || (run < std::size_t(r.models.size()) && r.models[qsizetype(run)].visible);
        m->models.append(look);
    }
    // The views get the comparison's options only, the baseline as its model's first run.
    auto options = std::make_shared<stats::Comparison>();
    options->options = comparison_->options;
    if (options->options.baseline && *options->options.baseline < groups.size())
        options->options.baseline = groups[*options->options.baseline].runs.front();
    r.comparison = std::move(options);
    r.byModel = std::move(m);
}

void Workbench::publish() {
    auto r = std::make_shared<EvaluationResult>();
    r->dataset = dataset_;
    r->evaluation = evaluation_;
    r->comparison = comparison_;
    if (comparison_) r->setLevel = setLevel_;
    r->sampled = sampled_;
    r->comparisonCancelled = !comparison_ && comparisonCancelled_;
    r->cache = cache_;
    const std::vector<QColor> colors = modelColors(workspace_);
    // The views show every run: a model's runs as "NAME (run K)".
    const std::vector<std::string> labels = runLabels(modelNames());
    for (std::size_t d = 0; d < datasetModels_.size(); ++d) {
        const std::size_t row = datasetModels_[d];
        const WorkspaceModel& m = workspace_.models.at(row);
        r->models.append({QString::fromStdString(labels[d]), colors[row], m.visible});
    }
    r->generation = ++generation_;
    if (modelEvaluation_ && comparison_) byModel(*r);
    result_ = std::move(r);
    if (comparison_) completed_ = result_;
    Q_EMIT evaluated();
}

void Workbench::compare(const stats::ComparisonOptions& options) {
    comparisonOptions_ = options;
    keepComparisonSetup();
    if (work() == Work::Load || work() == Work::Evaluate) return;  // the running work compares with them
    // α, the correction and the δs re-mark the comparison shown, in this
    // frame: its p-values and differences stay as they are.
    if (comparison_ && work() == Work::None && stats::onlyThresholdsDiffer(comparison_->options, options)) {
        auto remarked = std::make_shared<stats::Comparison>(*comparison_);
        stats::applyThresholds(*remarked, options);
        comparison_ = std::move(remarked);
        ++rethresholds_;
        publish();
        return;
    }
    if (evaluation_) startComparison();
}


void Workbench::keepComparisonSetup() {
    if (!dataset_) return;  // nothing open: the set-up is taken when one loads
    WorkspaceComparison setup = comparisonSetup(comparisonOptions_, comparedNames(), interval_);
    setup.display = display_;
    setup.transposed = transposed_;
    if (workspace_.comparison == setup) return;
    workspace_.comparison = std::move(setup);
    modified_ = true;
    Q_EMIT workspaceChanged();
}

void Workbench::startComparison() {
    work_ = Work::Compare;
    comparison_.reset();
    modelEvaluation_.reset();
    spreads_.reset();
    comparisonCancelled_ = false;
    // Runs given one name are one model's runs: the models are compared on
    // their runs' averaged per-user values, with two-level intervals.
    const std::vector<RunGroup> groups = groupByName(modelNames());
    const bool repeated = hasRepeatedRuns(groups) && groups.size() > 0 &&
                          groups.back().runs.back() < evaluation_->models.size();
    const std::size_t models = repeated ? groups.size() : evaluation_->models.size();
    if (comparisonOptions_.baseline && *comparisonOptions_.baseline >= models)
        comparisonOptions_.baseline.reset();  // its model was removed
    // The per-user comparison, then the set-level columns' bootstrap (the
    // statistic recomputed over resampled users: as `compare` does).
    struct Compared {
        std::shared_ptr<const stats::Comparison> comparison;
        std::shared_ptr<const stats::SetLevelComparison> setLevel;
        std::shared_ptr<const Evaluation> models;                      // with repeated runs
        std::shared_ptr<const std::vector<stats::RunSpread>> spreads;  // with repeated runs
    };
    std::function<Compared(const Progress&)> job = [evaluation = evaluation_, data = dataset_, cache = cache_,
                                                    options = comparisonOptions_, groups,
                                                    repeated](const Progress& progress) {
        std::shared_ptr<const Evaluation> compared = evaluation;
        Compared out;
        if (repeated) {
            compared = out.models = std::make_shared<const Evaluation>(averageRuns(*evaluation, groups));
            out.spreads = std::make_shared<const std::vector<stats::RunSpread>>(stats::runSpreads(*evaluation, groups));
        }
        bool setLevel = false;
        for (std::size_t m = 0; m < evaluation->metricCount() && !repeated; ++m)
            setLevel = setLevel || evaluation->isSetLevel(m);
        stats::ComparisonOptions o = options;
        const Progress perUser(progress, 0.0, setLevel ? 0.5 : 1.0);
        o.resampling.progress = &perUser;
        auto c = std::make_shared<stats::Comparison>(repeated ? stats::compareRepeatedRuns(*compared, *evaluation,
                                                                                           groups, o)
                                                              : stats::compareEvaluation(*compared, o));
        c->options.resampling.progress = nullptr;
        out.comparison = std::move(c);
        if (setLevel) {
            stats::ResamplingOptions r = options.resampling;
            const Progress sets(progress, 0.5, 1.0);
            r.progress = &sets;
            out.setLevel = std::make_shared<const stats::SetLevelComparison>(
                stats::compareSetLevelMetrics(*data, *evaluation, *cache, options.baseline, r, options.level));
        }
        return out;
    };
    jobs_->start<Compared>(tr("Comparing the models…"), std::move(job), [this](Compared c) {
        work_ = Work::None;
        comparison_ = std::move(c.comparison);
        setLevel_ = std::move(c.setLevel);
        modelEvaluation_ = std::move(c.models);
        spreads_ = std::move(c.spreads);
        publish();
    });
}

} // namespace ranklab::ui
