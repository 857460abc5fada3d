#pragma once
// A top-k metric as a function of the rank of a user's only relevant item:
// what the sampled-negative protocol measures (one positive among 1 + N
// scored items) and what its corrections estimate (the same positive among
// the M items of the catalogue). With one relevant item the families reduce
// to (k the cutoff, ∞ for @all; [·] is 1 when true):
//
//   hr, hits, recall     [r <= k]
//   precision            [r <= k] / k           (not @all: it divides by the list)
//   f1                   2·[r <= k] / (k + 1)   (not @all)
//   rr, ap (any norm)    [r <= k] / r
//   ndcg (any gain)      [r <= k] / log2(r + 1) (the ideal list holds the positive at 1)
//   rprec                [r <= 1]
//
// r may be fractional (the rescaled rank): the formulas apply as written.
#include <optional>
#include <string>

#include "metrics/metric_spec.h"

namespace ranklab {

class SinglePositiveMetric {
public:
    enum class Kind { Hit, Precision, F1, Reciprocal, Ndcg };

    // Nullopt for a family the protocol cannot express (dcg, the counts,
    // beyond-accuracy metrics, precision@all, f1@all).
    static std::optional<SinglePositiveMetric> of(const MetricSpec& spec);

    double operator()(double rank) const;
    const std::string& id() const { return id_; }
    // The largest value (at rank 1); the smallest is 0.
    double highest() const { return (*this)(1.0); }

private:
    SinglePositiveMetric(Kind kind, double cutoff, std::string id) : kind_(kind), cutoff_(cutoff), id_(std::move(id)) {}
    Kind kind_;
    double cutoff_;  // +inf for @all
    std::string id_;
};

} // namespace ranklab
