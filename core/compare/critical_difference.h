#pragma once
// What a critical-difference diagram (Demšar 2006, section 3.2.2) draws for
// one metric column: every model's average rank over the users (1 = best,
// the Friedman ranking of friedman.h), the Nemenyi critical difference CD,
// and the cliques: the maximal runs of models, in rank order, whose average
// ranks lie less than CD apart (no pair inside one is significantly
// different by the Nemenyi test), each joined by a bar in the diagram.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "stats/moments.h"

namespace ranklab {
struct Evaluation;
}

namespace ranklab::stats {

struct CriticalDifference {
    std::size_t n = 0, k = 0;       // users, models
    double alpha = 0.05;
    // The evaluation's model index of each position (the Evaluation
    // overload); the indices below are positions.
    std::vector<std::size_t> models;
    double qAlpha = kNaN;               // Demšar's q_α for k models
    double criticalDifference = kNaN;   // CD = q_α sqrt(k (k + 1) / (6 n))
    double friedmanStatistic = kNaN;    // tie-corrected χ²_F
    double friedmanP = kNaN;
    std::vector<double> averageRanks;   // per model (input order), 1 = best
    std::vector<std::size_t> order;     // models by average rank, best first (ties: input order)
    // Each clique: model indices in rank order, at least two, none contained
    // in another, ordered by their best model's position.
    std::vector<std::vector<std::size_t>> cliques;
};

// The cliques of `averageRanks` at critical difference `cd`: for every model
// in rank order, the run of it and the following models whose rank is less
// than `cd` above its own; runs of one model and runs inside an earlier run
// are left out. NaN cd: no cliques.
std::vector<std::vector<std::size_t>> nemenyiCliques(std::span<const double> averageRanks, double cd);

// models[j][u]: model j's value for user u. Throws as friedmanTest does.
CriticalDifference criticalDifference(std::span<const std::span<const double>> models, double alpha = 0.05);

// Of evaluation column `metric`, the models in `models` (evaluation
// indices; empty: all), kept in the result's `models`. Throws ranklab::Error for a set-level column or
// fewer than two models.
CriticalDifference criticalDifference(const Evaluation& evaluation, std::size_t metric,
                                      std::vector<std::size_t> models = {}, double alpha = 0.05);

} // namespace ranklab::stats
