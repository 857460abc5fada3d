#pragma once
// Evaluations made by hand for the comparison tests: per-user columns given
// directly (no ranking, no metric computed), the scipy golden pairs of
// tests/data/stats as two or three models, and comparison options with a
// fixed resampling seed.
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "core/stats/golden_cases.h"
#include "metrics/metric_spec.h"

namespace ranklab::testing {

// columns[model][metric] holds one value per user; `metrics` as --metrics takes them.
inline Evaluation makeEvaluation(const std::string& metrics, const std::vector<std::string>& names,
                                 const std::vector<std::vector<std::vector<double>>>& columns) {
    Evaluation e;
    e.settings.metrics = expandMetrics(metrics, {});
    const std::size_t metricCount = e.settings.metrics.size();
    const std::size_t n = columns.at(0).at(0).size();
    for (std::size_t u = 0; u < n; ++u) e.users.push_back(static_cast<UserId>(u));
    e.counts.evaluated = n;
    for (std::size_t m = 0; m < names.size(); ++m) {
        ModelValues model{names[m], std::vector<double>(n * metricCount), std::vector<double>(metricCount)};
        for (std::size_t c = 0; c < metricCount; ++c) {
            for (std::size_t u = 0; u < n; ++u) model.perUser[u * metricCount + c] = columns[m][c].at(u);
            model.means[c] = std::accumulate(columns[m][c].begin(), columns[m][c].end(), 0.0) / static_cast<double>(n);
        }
        e.models.push_back(std::move(model));
    }
    return e;
}

// Two models, A and B, on 14 users: ndcg@10 is golden case exact_noties_n14
// (a, b), ndcg@20 is perm_n14 (a, b).
inline Evaluation goldenPairEvaluation() {
    const auto& c0 = stats::golden::pairedCase("exact_noties_n14");
    const auto& c1 = stats::golden::pairedCase("perm_n14");
    return makeEvaluation("ndcg@10,ndcg@20", {"A", "B"}, {{c0.a, c1.a}, {c0.b, c1.b}});
}

// Three models on the same 14 users; C reuses golden vectors in other roles.
inline Evaluation threeModelEvaluation() {
    const auto& c0 = stats::golden::pairedCase("exact_noties_n14");
    const auto& c1 = stats::golden::pairedCase("perm_n14");
    return makeEvaluation("ndcg@10,ndcg@20", {"A", "B", "C"}, {{c0.a, c1.a}, {c0.b, c1.b}, {c1.a, c0.b}});
}

// `tests` with `correction`, against `baseline` (none: all pairs), 2,000 resamples, seed 7.
inline stats::ComparisonOptions comparisonOptions(std::vector<stats::SignificanceTest> tests, stats::Correction correction,
                                           std::optional<std::size_t> baseline) {
    stats::ComparisonOptions o;
    o.tests = std::move(tests);
    o.correction = correction;
    o.baseline = baseline;
    o.resampling.resamples = 2000;
    o.resampling.seed = 7;
    return o;
}

} // namespace ranklab::testing
