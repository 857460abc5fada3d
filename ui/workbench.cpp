#include "ui/workbench.h"

#include "compare/comparison_thresholds.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include "common/error.h"
#include "io/dataset_loader.h"
#include "eval/run_groups.h"
#include "compare/run_spread.h"
#include "ui/job_tracker.h"
#include "ui/model_colors.h"
#include "ui/skip_bad_lines.h"
#include "ui/summary/comparison_setup.h"
#include "study/sampled_study.h"
#include "workspace/comparison_setup.h"

namespace ranklab::ui {
namespace {

std::shared_ptr<const Dataset> loadWithCore(const Workspace& workspace, const Progress& progress) {
    return std::make_shared<const Dataset>(loadDataset(toSources(workspace), toReadOptions(workspace), &progress));
}

// What a model's name is after loading: the loader picks names for unnamed
// models (the TREC tag or the file stem) and makes repeats unique.
void takeLoadedNames(Workspace& workspace, const std::vector<std::size_t>& rows, const Dataset& data) {
    // A repeated run keeps its model's name (the rows that share it are the model).
    for (std::size_t d = 0; d < rows.size() && d < data.models.size(); ++d)
        workspace.models[rows[d]].name = data.models[d].model.empty() ? data.models[d].name : data.models[d].model;
}

// The new dataset from `base`, keeping the models whose file, format and
// reading are unchanged and reading only the others.
std::shared_ptr<const Dataset> deriveFrom(const Dataset& base, const Workspace& baseFiles, const Workspace& next,
                                          const Progress& progress) {
    std::vector<bool> used(baseFiles.models.size(), false);
    std::vector<DerivedModel> plan;
    for (const WorkspaceModel& m : next.models) {
        DerivedModel d;
        d.source = {m.name, m.path, m.format};
        d.policy = readingOf(next, m.reading);
        for (std::size_t j = 0; j < baseFiles.models.size() && j < base.models.size(); ++j) {
            const WorkspaceModel& old = baseFiles.models[j];
            if (used[j] || old.path != m.path || !(old.format == m.format) ||
                !(readingOf(baseFiles, old.reading) == readingOf(next, m.reading)))
                continue;
            used[j] = true;
            d.reuse = j;
            break;
        }
        plan.push_back(std::move(d));
    }
    return std::make_shared<const Dataset>(deriveDataset(base, plan, toReadOptions(next), &progress));
}

} // namespace

bool sameBase(const Workspace& a, const Workspace& b) {
    return a.groundTruth == b.groundTruth && a.exclusions == b.exclusions && a.cohorts == b.cohorts &&
           a.settings == b.settings;
}

bool sameFiles(const Workspace& a, const Workspace& b) {
    if (a.groundTruth != b.groundTruth || a.exclusions != b.exclusions || a.cohorts != b.cohorts ||
        a.settings != b.settings || a.models.size() != b.models.size())
        return false;
    for (std::size_t i = 0; i < a.models.size(); ++i)
        if (a.models[i].path != b.models[i].path || a.models[i].format != b.models[i].format ||
            a.models[i].reading != b.models[i].reading)
            return false;
    return true;
}

Workbench::Workbench(QObject* parent)
    : QObject(parent), jobs_(new JobTracker(this)), loader_(loadWithCore), comparisonOptions_(defaultComparisonOptions()) {
    connect(jobs_, &JobTracker::failed, this, [this](const QString&, const LoadError& error) { onFailed(error); });
    connect(jobs_, &JobTracker::cancelled, this, [this] { onCancelled(); });
}

Workbench::~Workbench() = default;

void Workbench::setLoader(Loader loader) { loader_ = loader ? std::move(loader) : Loader(loadWithCore); }

Workbench::Work Workbench::work() const { return jobs_->isBusy() ? work_ : Work::None; }

void Workbench::open(const QString& path) {
    startLoad(tr("Loading %1…").arg(QFileInfo(path).fileName()), path, std::nullopt, Origin::File);
}

void Workbench::reload() {
    if (!workspace_.groundTruth.path.empty())
        startLoad(tr("Reading the files again…"), path_, workspace_, Origin::Reload);
}

void Workbench::startLoad(const QString& label, const QString& path, std::optional<Workspace> workspace,
                          Origin origin) {
    work_ = Work::Load;
    workPath_ = path;
    lastLoad_ = LoadRequest{origin, path, workspace};
    failedLoad_.reset();
    if (origin == Origin::Edit) pending_ = workspace;
    else pending_.reset();
    Loader loader = loader_;
    // An edit keeps what it can of the dataset open now.
    std::shared_ptr<const Dataset> base = origin == Origin::Edit ? dataset_ : nullptr;
    std::function<std::shared_ptr<const LoadedWorkspace>(const Progress&)> job =
        [path, workspace, loader, base, baseFiles = loaded_](const Progress& progress) {
            QElapsedTimer timer;
            timer.start();
            auto out = std::make_shared<LoadedWorkspace>();
            out->path = path;
            if (workspace) {
                out->workspace = *workspace;
                out->notes.missing = missingFiles(*workspace);
            } else {
                out->workspace = readWorkspaceFile(path.toStdString(), &out->notes);
            }
            out->loaded = presentFiles(out->workspace, &out->datasetModels);
            if (dataFileExists(out->loaded.groundTruth.path)) {
                if (base && sameBase(out->loaded, baseFiles)) {
                    out->dataset = deriveFrom(*base, baseFiles, out->loaded, progress);
                    out->incremental = true;
                } else {
                    out->dataset = loader(out->loaded, progress);
                }
            } else {
                out->datasetModels.clear();  // nothing read without the ground truth
            }
            out->seconds = double(timer.nsecsElapsed()) / 1e9;
            return std::shared_ptr<const LoadedWorkspace>(std::move(out));
        };
    jobs_->start<std::shared_ptr<const LoadedWorkspace>>(
        label, std::move(job),
        [this, origin](std::shared_ptr<const LoadedWorkspace> loaded) { onLoaded(*loaded, origin); });
    if (origin == Origin::Edit) Q_EMIT workspaceChanged();
}

void Workbench::onLoaded(const LoadedWorkspace& done, Origin origin) {
    work_ = Work::None;
    pending_.reset();
    workspace_ = done.workspace;
    loaded_ = done.loaded;
    datasetModels_ = done.datasetModels;
    notes_ = done.notes;
    lastIncremental_ = done.incremental;
    if (done.dataset) takeLoadedNames(workspace_, datasetModels_, *done.dataset);
    // Rankings of the models kept stay (keyed by run, not by position).
    const bool keepRankings = done.incremental && cache_ && dataset_ && done.dataset &&
                              done.dataset->baseIdentity == dataset_->baseIdentity;
    dataset_ = done.dataset;
    if (keepRankings) cache_->retain(*dataset_);
    else cache_ = std::make_shared<RankCache>();
    evaluation_.reset();
    sampled_.reset();
    comparison_.reset();
    modelEvaluation_.reset();
    spreads_.reset();
    lastLoadSeconds_ = done.seconds;
    if (origin == Origin::File || origin == Origin::Retry) {
        path_ = done.path;
        modified_ = origin == Origin::Retry;  // its reading differs from the file's
    } else if (origin == Origin::Edit) {
        modified_ = true;
    }
    // The saved comparison set-up (the baseline by name); a workspace file
    // without one starts from the defaults (never the previous workspace's
    // Δ view or δ); an edit keeps the session's.
    if ((origin == Origin::File || origin == Origin::Retry) && !workspace_.comparison) resetComparisonSetup();
    if (workspace_.comparison) {
        interval_ = workspace_.comparison->interval;
        display_ = workspace_.comparison->display;
        transposed_ = workspace_.comparison->transposed;
        comparisonOptions_ = applyComparisonSetup(comparisonOptions_, *workspace_.comparison, comparedNames());
    } else {
        workspace_.comparison = comparisonSetup(comparisonOptions_, comparedNames(), interval_);
        workspace_.comparison->display = display_;
        workspace_.comparison->transposed = transposed_;
    }
    Q_EMIT workspaceChanged();
    Q_EMIT loaded(done.path);
    evaluatePending_ = false;
    evaluate();
}

std::vector<std::string> Workbench::modelNames() const {
    std::vector<std::string> names;
    for (std::size_t row : datasetModels_) names.push_back(workspace_.models.at(row).name);
    return names;
}

std::vector<std::string> Workbench::comparedNames() const {
    std::vector<std::string> names;
    for (const RunGroup& g : groupByName(modelNames())) names.push_back(g.model);
    return names;
}

void Workbench::onFailed(const LoadError& error) {
    const Work was = work_;
    work_ = Work::None;
    if (was == Work::Load) {
        pending_.reset();
        failedLoad_ = lastLoad_;
        Q_EMIT loadFailed(workPath_, error);
        Q_EMIT workspaceChanged();  // views show the workspace that stays
    } else {
        Q_EMIT evaluationFailed(error);
    }
}

void Workbench::onCancelled() {
    const Work was = work_;
    work_ = Work::None;
    evaluatePending_ = false;
    if (was == Work::Load) {
        pending_.reset();
        Q_EMIT loadCancelled(workPath_);
        Q_EMIT workspaceChanged();
    } else {
        restoreCompleted();
        Q_EMIT evaluationCancelled();
    }
}

void Workbench::restoreCompleted() {
    if (!evaluation_) return;
    if (completed_ && completed_->dataset == dataset_ && completed_->comparison) {
        // With repeated runs the comparison made is the models' (byModel).
        const auto& made = completed_->byModel ? completed_->byModel->comparison : completed_->comparison;
        const stats::ComparisonOptions& was = made->options;
        const bool same = evaluation_ == completed_->evaluation && comparison_ == made &&
                          result_ == completed_ && comparisonOptions_.baseline == was.baseline &&
                          comparisonOptions_.tests == was.tests && comparisonOptions_.correction == was.correction &&
                          comparisonOptions_.alpha == was.alpha &&
                          comparisonOptions_.bootstrapIntervals == was.bootstrapIntervals;
        if (same) return;  // nothing shown changed: the views keep their result
        evaluation_ = completed_->evaluation;
        comparison_ = made;
        setLevel_ = completed_->setLevel;
        modelEvaluation_ = completed_->byModel ? completed_->byModel->evaluation : nullptr;
        spreads_ = completed_->byModel ? completed_->byModel->spreads : nullptr;
        comparisonOptions_ = was;  // as used; its progress is cleared
    } else {
        comparisonCancelled_ = !comparison_;
    }
    publish();
}


void Workbench::edit(const Workspace& next) {
    if (next == requestedWorkspace()) return;
    if (work() == Work::Load || !sameFiles(next, workspace_)) {
        if (next.groundTruth.path.empty()) {  // nothing to read yet
            workspace_ = next;
            setModified(true);
            Q_EMIT workspaceChanged();
            return;
        }
        startLoad(tr("Reading the changed files…"), path_, next, Origin::Edit);
        return;
    }
    const Workspace before = workspace_;
    workspace_ = next;
    modified_ = true;
    Q_EMIT workspaceChanged();
    if (next.evaluation != before.evaluation) {
        evaluate();
        return;
    }
    bool renamed = false;
    for (std::size_t i = 0; i < next.models.size(); ++i) {
        if (next.models[i].name == before.models[i].name) continue;
        renamed = true;
        // A baseline saved by name follows its model.
        auto& c = workspace_.comparison;
        if (c && c->baseline == WorkspaceComparison::Baseline::Named && c->baselineName == before.models[i].name)
            c->baselineName = next.models[i].name;
    }
    if (renamed) renameEvaluation();
    else if (evaluation_) publish();  // colours or visibility: same numbers, new look
}

void Workbench::renameEvaluation() {
    if (!evaluation_) return;
    // The numbers stay; only the names in them change (no re-evaluation).
    const std::vector<std::string> names = runLabels(modelNames());
    // A rename that joins or splits models' runs compares the new models.
    const bool regrouped = modelEvaluation_ || hasRepeatedRuns(groupByName(modelNames()));
    auto renamed = std::make_shared<Evaluation>(*evaluation_);
    for (std::size_t i = 0; i < renamed->models.size() && i < names.size(); ++i) renamed->models[i].name = names[i];
    evaluation_ = std::move(renamed);
    if (sampled_) {
        auto s = std::make_shared<SampledEvaluation>(*sampled_);
        for (std::size_t i = 0; i < s->models.size() && i < names.size(); ++i) s->models[i].model = names[i];
        sampled_ = std::move(s);
    }
    if (comparison_) {
        auto c = std::make_shared<stats::Comparison>(*comparison_);
        for (std::size_t i = 0; i < c->models.size() && i < names.size(); ++i) c->models[i] = names[i];
        comparison_ = std::move(c);
    }
    if (setLevel_) {
        auto s = std::make_shared<stats::SetLevelComparison>(*setLevel_);
        for (std::size_t i = 0; i < s->models.size() && i < names.size(); ++i) s->models[i] = names[i];
        setLevel_ = std::move(s);
    }
    if (regrouped) {
        startComparison();  // drops the old models' comparison first
        publish();
        return;
    }
    publish();
}


void Workbench::evaluate() {
    if (!dataset_) return;
    if (work() == Work::Load) {
        evaluatePending_ = true;
        return;
    }
    EvalSettings settings;
    try {
        settings = toEvalSettings(workspace_.evaluation);
    } catch (...) {
        Q_EMIT evaluationFailed(LoadError::fromCurrentException());
        return;
    }
    work_ = Work::Evaluate;
    const std::vector<std::string> names = runLabels(modelNames());
    SampledSettings sampled;
    sampled.negatives = workspace_.evaluation.sampledNegatives;
    sampled.catalogSize = workspace_.evaluation.catalogSize;
    using Outcome = std::pair<std::shared_ptr<const Evaluation>, std::shared_ptr<const SampledEvaluation>>;
    std::function<Outcome(const Progress&)> job = [data = dataset_, cache = cache_, settings, names, sampled,
                                                   options = comparisonOptions_](const Progress& progress) {
        const bool estimate = study::isSampled(sampled);
        const Progress evaluating(progress, 0.0, estimate ? 0.7 : 1.0);
        auto e = std::make_shared<Evaluation>(ranklab::evaluate(*data, settings, *cache, &evaluating));
        for (std::size_t i = 0; i < e->models.size() && i < names.size(); ++i) e->models[i].name = names[i];
        std::shared_ptr<const SampledEvaluation> s;
        if (estimate) {
            const Progress estimating(progress, 0.7, 1.0);
            // As `compare --sampled` estimates them (study/sampled_study.h).
            auto estimates = std::make_shared<SampledEvaluation>(
                study::estimateSampledStudy(*data, *e, sampled, options, &estimating));
            for (std::size_t i = 0; i < estimates->models.size() && i < names.size(); ++i)
                estimates->models[i].model = names[i];
            s = std::move(estimates);
        }
        return Outcome{std::move(e), std::move(s)};
    };
    jobs_->start<Outcome>(tr("Evaluating…"), std::move(job), [this](Outcome outcome) {
        work_ = Work::None;
        evaluation_ = std::move(outcome.first);
        sampled_ = std::move(outcome.second);
        comparison_.reset();
        modelEvaluation_.reset();
        spreads_.reset();
        publish();
        startComparison();
    });
}


} // namespace ranklab::ui
