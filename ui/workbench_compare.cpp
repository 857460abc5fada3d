// The workbench's comparison (split from workbench.cpp, which holds loading
// and evaluating): the models' averaged evaluation for repeated runs, the
// comparison job, the set-up kept in the workspace, and what is published.
#include "ui/workbench.h"

#include "compare/comparison_thresholds.h"
#include "compare/run_spread.h"
#include "eval/run_groups.h"
#include "study/compared_study.h"
#include "study/evaluated_study.h"
#include "ui/job_tracker.h"
#include "ui/model_colors.h"
#include "workspace/comparison_setup.h"

namespace ranklab::ui {
namespace {

// One group per run: each run its own model (a workbench whose repeated
// runs are not all evaluated yet compares the runs as they are).
std::vector<RunGroup> ungrouped(std::size_t runs) {
    std::vector<RunGroup> groups(runs);
    for (std::size_t r = 0; r < runs; ++r) groups[r].runs = {r};
    return groups;
}

} // namespace

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
    // The models (averaged runs with repeated runs), their comparison and
    // the set-level columns' bootstrap: the study's functions, as `compare`
    // and Python reach them (study/compared_study.h).
    struct Compared {
        std::shared_ptr<const stats::Comparison> comparison;
        std::shared_ptr<const stats::SetLevelComparison> setLevel;
        std::shared_ptr<const Evaluation> models;                      // with repeated runs
        std::shared_ptr<const std::vector<stats::RunSpread>> spreads;  // with repeated runs
    };
    std::function<Compared(const Progress&)> job = [evaluation = evaluation_, data = dataset_, cache = cache_,
                                                    options = comparisonOptions_,
                                                    groups = repeated ? groups : ungrouped(evaluation_->models.size())](
                                                       const Progress& progress) {
        const study::EvaluatedStudy e = study::byModel(evaluation, groups);
        study::ComparedStudy c = study::compareStudy(*data, e, *cache, options, &progress);
        Compared out;
        if (e.repeated()) {
            out.models = e.models;
            out.spreads = std::make_shared<const std::vector<stats::RunSpread>>(e.spreads);
        }
        out.comparison = std::make_shared<const stats::Comparison>(std::move(c.comparison));
        if (study::comparesSetLevel(e))
            out.setLevel = std::make_shared<const stats::SetLevelComparison>(std::move(c.setLevel));
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
