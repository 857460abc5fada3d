#pragma once
// What one finished evaluation hands to the views: the dataset it ran on,
// the per-user evaluation, the significance comparison (computed after the
// evaluation; null until then), how the models are shown, and the cache of
// ranked runs the analysis views compute from.
#include <QColor>
#include <QList>
#include <QString>

#include <memory>

#include "io/dataset.h"
#include "eval/evaluation.h"
#include "eval/sampled_estimates.h"
#include "rank/rank_cache.h"
#include "compare/comparison.h"
#include "compare/run_spread.h"
#include "compare/set_level_comparison.h"

namespace ranklab::ui {

struct ModelLook {
    QString name;
    QColor color;
    bool visible = true;
};

struct EvaluationResult {
    std::shared_ptr<const Dataset> dataset;
    std::shared_ptr<const Evaluation> evaluation;
    std::shared_ptr<const stats::Comparison> comparison;  // null while it is computed
    // The set-level columns' statistics with bootstrap intervals and
    // differences (no per-user values to test); with the comparison.
    std::shared_ptr<const stats::SetLevelComparison> setLevel;
    // The comparison was cancelled and none of this data was completed before:
    // it stays null until asked for again.
    bool comparisonCancelled = false;
    // The full-catalogue estimates of a sampled-negative protocol (null when
    // the evaluation declares none).
    std::shared_ptr<const SampledEvaluation> sampled;
    QList<ModelLook> models;                             // in evaluation order
    quint64 generation = 0;                              // grows with every new request
    // The dataset's ranked runs: analysis views (curves, rank distributions,
    // cohorts, ties) rank nothing the evaluation already ranked. Thread-safe.
    std::shared_ptr<RankCache> cache;
    // Some model has repeated runs (one name given to several files): the
    // analysis views show each run (named "NAME (run K)"), and `byModel` is
    // what the Summary shows: the models' evaluation (per-user values averaged
    // over each model's runs), their comparison (two-level bootstrap
    // intervals), one look per model, and `spreads`, each model's runs. Here
    // `comparison` is then that comparison's options only (pairs and means
    // cleared, the baseline as its model's first run), for the views that
    // follow the baseline. Null without repeated runs.
    std::shared_ptr<const EvaluationResult> byModel;
    std::shared_ptr<const std::vector<stats::RunSpread>> spreads;  // in byModel: one per model
};

} // namespace ranklab::ui
