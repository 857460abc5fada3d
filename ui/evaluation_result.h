#pragma once
// What one finished evaluation hands to the views: the dataset it ran on,
// the per-user evaluation, the significance comparison (computed after the
// evaluation; null until then), how the models are shown, and the cache of
// ranked runs the analysis views compute from.
#include <QColor>
#include <QList>
#include <QString>

#include <memory>

#include "data/dataset.h"
#include "eval/evaluation.h"
#include "eval/sampled_estimates.h"
#include "rank/rank_cache.h"
#include "stats/comparison.h"
#include "stats/set_level_comparison.h"

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
};

} // namespace ranklab::ui
