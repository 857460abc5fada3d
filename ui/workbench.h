#pragma once
// The open workspace and everything computed from it: the in-memory
// Workspace (edited by the panels), the Dataset read from its files, a
// RankCache, and the newest evaluation. Edits redo only what they must:
// renaming, recolouring or hiding a model reads and evaluates nothing; a new
// metric, cutoff or option re-evaluates from the cache; adding or removing
// models reads only the added files and ranks only them (the other models'
// data and rankings are kept); other changes of files re-read. Files that do
// not exist are left out of the load (the panels show them as missing). An
// evaluation is followed by its significance comparison; a change of the
// comparison options re-runs only that, and is kept in the workspace. All
// work runs through one JobTracker.
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

#include "eval/evaluation.h"
#include "rank/rank_cache.h"
#include "compare/comparison.h"
#include "ui/evaluation_result.h"
#include "ui/load_result.h"
#include "workspace/workspace_file.h"

namespace ranklab::ui {

class JobTracker;

class Workbench : public QObject {
    Q_OBJECT

public:
    // Reads the files of a workspace on a pool thread (core loadDataset by
    // default); throws on failure and Cancelled when cancelled.
    using Loader = std::function<std::shared_ptr<const Dataset>(const Workspace&, const Progress&)>;
    enum class Work { None, Load, Evaluate, Compare };

    explicit Workbench(QObject* parent = nullptr);
    ~Workbench() override;

    void setLoader(Loader loader);  // for tests
    JobTracker* jobs() const { return jobs_; }

    const QString& path() const { return path_; }  // the .ranklab file; empty if never saved
    // The whole workspace, missing files included (what is saved).
    const Workspace& workspace() const { return workspace_; }
    // The index in workspace().models of each model of dataset() (missing
    // files are not in the dataset).
    const std::vector<std::size_t>& datasetModels() const { return datasetModels_; }
    // What reading the workspace file found (files relocated or missing).
    const WorkspaceReadNotes& readNotes() const { return notes_; }
    // How the last load went: whether it only read the changed models, and
    // how many files it read.
    bool lastLoadWasIncremental() const { return lastIncremental_; }
    // The newest workspace asked for: an edit whose files are being read,
    // else workspace(). Panels show this one.
    const Workspace& requestedWorkspace() const { return pending_ ? *pending_ : workspace_; }
    bool isModified() const { return modified_; }
    const std::shared_ptr<const Dataset>& dataset() const { return dataset_; }
    const std::shared_ptr<const Evaluation>& evaluation() const { return evaluation_; }
    // What the views show: the evaluation, its comparison once computed
    // (null before), and the models' names, colours and visibility.
    const std::shared_ptr<const EvaluationResult>& result() const { return result_; }
    const stats::ComparisonOptions& comparisonOptions() const { return comparisonOptions_; }
    // How many times α, the correction or a δ re-marked the comparison shown
    // without comparing again (compare()).
    std::size_t rethresholds() const { return rethresholds_; }
    // The work running now, if any.
    Work work() const;
    // Seconds the last completed load took.
    double lastLoadSeconds() const { return lastLoadSeconds_; }

    // Reads the workspace file `path` and its data. What is open stays open
    // until that succeeds, and stays if it fails or is cancelled.
    void open(const QString& path);
    // Reads the open workspace's files again.
    void reload();
    // Makes `next` the workspace: re-reads if its files differ, re-evaluates
    // from the cache if only the evaluation differs, and otherwise only
    // updates names, colours and visibility. A re-read that fails leaves
    // the workspace as it was.
    void edit(const Workspace& next);
    // Evaluates the open dataset with the workspace's settings (ranked runs
    // come from the cache); deferred until a running load ends.
    void evaluate();
    // Compares the models of the current evaluation again with `options`
    // (the evaluation stays); with no evaluation yet, only remembers them.
    // The set-up is kept in the workspace (a change marks it modified).
    void compare(const stats::ComparisonOptions& options);
    // The interval the Summary shows ("t", "bootstrap", "none"), kept in
    // the workspace's comparison set-up.
    void setInterval(const std::string& interval);
    std::string interval() const;
    // How the Summary shows its cells ("mean", "delta", "delta_percent",
    // "d_z") and whether it is transposed, kept in the same set-up.
    void setSummaryLayout(const std::string& display, bool transposed);
    std::string summaryDisplay() const;
    bool summaryTransposed() const;
    // The metric column the Per user, Cohorts and Checks tabs show (a
    // canonical id; empty: their default), kept in the workspace's "view".
    void setFocusMetric(const std::string& id);
    std::string focusMetric() const { return workspace_.view.metric; }
    // The plot open under the Summary's table ("cd"; empty: the forest
    // plot), kept in the workspace's "view" too.
    void setSummaryPlot(const std::string& plot);
    std::string summaryPlot() const { return workspace_.view.summaryPlot; }
    void cancel();

    // Writes the workspace to `path` atomically; on success it becomes the
    // workspace's path and the workspace is unmodified. On failure returns
    // false and sets `error`.
    bool save(const QString& path, QString* error = nullptr);
    // The open workspace (read from a recovery file) becomes the one whose
    // file is `path` (empty: untitled), with unsaved changes.
    void restoredAs(const QString& path);
    // File → New: cancels any work and leaves an empty, untitled, unmodified
    // workspace with the default comparison set-up (nothing of the previous
    // workspace's files, evaluation, Δ view, δ or α carries over).
    void clear();
    // After a load failed on a line of a data file (`file`): the same load
    // again with that file's bad lines skipped and counted. A workspace
    // file opened this way is modified (its reading changed). False, doing
    // nothing, when the last load did not fail or no entry reads `file`.
    bool retrySkippingBadLines(const QString& file);
    bool canRetrySkippingBadLines(const QString& file) const;

Q_SIGNALS:
    // workspace(), path() or isModified() changed.
    void workspaceChanged();
    void loaded(const QString& path);
    void loadFailed(const QString& path, const ranklab::ui::LoadError& error);
    void loadCancelled(const QString& path);
    // result() is new: numbers, comparison or looks changed.
    void evaluated();
    void evaluationFailed(const ranklab::ui::LoadError& error);
    void evaluationCancelled();

private:
    enum class Origin { File, Edit, Reload, Retry };  // Retry: a file opened again with a changed reading
    struct LoadRequest {
        Origin origin = Origin::File;
        QString path;
        std::optional<Workspace> workspace;
    };
    std::optional<LoadRequest> lastLoad_;    // the load running or last run
    std::optional<LoadRequest> failedLoad_;  // the last load, when it failed
    std::optional<Workspace> retryWorkspace(const QString& file) const;
    void startLoad(const QString& label, const QString& path, std::optional<Workspace> workspace, Origin origin);
    std::vector<std::string> modelNames() const;  // of the dataset's models, as the workspace names them
    // The compared models: modelNames() with each name once (runs given one
    // name are one model's runs); the baseline indexes these.
    std::vector<std::string> comparedNames() const;
    // With repeated runs: r.byModel from modelEvaluation_, comparison_ and
    // spreads_, and r.comparison as the views take it (evaluation_result.h).
    void byModel(EvaluationResult& r) const;
    void keepComparisonSetup();  // workspace_.comparison from comparisonOptions_; marks modified if changed
    void onLoaded(const LoadedWorkspace& done, Origin origin);
    void onFailed(const LoadError& error);
    void onCancelled();
    void renameEvaluation();
    void startComparison();
    // After a cancelled evaluation or comparison: the last completed
    // comparison of this data (its evaluation, comparison and options) is
    // shown again, so every view and the Summary's toolbar agree.
    void restoreCompleted();
    void publish();  // a new result() from evaluation_, comparison_ and the workspace
    void setModified(bool modified);
    void resetComparisonSetup();  // the default comparison set-up, Summary layout and interval

    JobTracker* jobs_;
    Loader loader_;
    QString path_;
    Workspace workspace_;
    std::optional<Workspace> pending_;  // an edit being read
    bool modified_ = false;
    std::shared_ptr<const Dataset> dataset_;
    Workspace loaded_;  // the files dataset_ was read from (missing ones left out)
    std::vector<std::size_t> datasetModels_;
    WorkspaceReadNotes notes_;
    bool lastIncremental_ = false;
    std::shared_ptr<RankCache> cache_;
    std::shared_ptr<const Evaluation> evaluation_;
    std::shared_ptr<const SampledEvaluation> sampled_;  // with evaluation_, when the protocol is declared
    std::shared_ptr<const stats::Comparison> comparison_;
    std::shared_ptr<const stats::SetLevelComparison> setLevel_;  // with comparison_
    // With comparison_, when some model has repeated runs: the models'
    // averaged evaluation (comparison_ is made on it) and their runs.
    std::shared_ptr<const Evaluation> modelEvaluation_;
    std::shared_ptr<const std::vector<stats::RunSpread>> spreads_;
    std::shared_ptr<const EvaluationResult> result_;
    std::shared_ptr<const EvaluationResult> completed_;  // the last result with a comparison
    bool comparisonCancelled_ = false;
    stats::ComparisonOptions comparisonOptions_;  // defaultComparisonOptions() from the start
    std::size_t rethresholds_ = 0;
    std::string interval_ = "t";
    std::string display_ = "mean";
    bool transposed_ = false;
    quint64 generation_ = 0;
    double lastLoadSeconds_ = 0;

    Work work_ = Work::None;
    QString workPath_;  // the file the running load reads
    bool evaluatePending_ = false;
};

// The part of a workspace that reading its files depends on: equal files
// mean the Dataset can stay.
bool sameFiles(const Workspace& a, const Workspace& b);
// The part that reading the models depends on besides the models: equal
// bases let a new dataset keep the models it shares with the old one.
bool sameBase(const Workspace& a, const Workspace& b);

} // namespace ranklab::ui
