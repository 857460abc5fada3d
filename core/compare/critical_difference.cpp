#include "compare/critical_difference.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/error.h"
#include "eval/evaluation.h"
#include "stats/friedman.h"

namespace ranklab::stats {

std::vector<std::vector<std::size_t>> nemenyiCliques(std::span<const double> ranks, double cd) {
    std::vector<std::vector<std::size_t>> cliques;
    if (std::isnan(cd)) return cliques;
    std::vector<std::size_t> order(ranks.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
    std::size_t reach = 0;  // one past the last position an earlier clique covers
    for (std::size_t i = 0; i < order.size(); ++i) {
        std::size_t end = i + 1;
        while (end < order.size() && ranks[order[end]] - ranks[order[i]] < cd) ++end;
        if (end - i < 2 || end <= reach) continue;  // alone, or inside the clique before
        cliques.emplace_back(order.begin() + std::ptrdiff_t(i), order.begin() + std::ptrdiff_t(end));
        reach = end;
    }
    return cliques;
}

CriticalDifference criticalDifference(std::span<const std::span<const double>> models, double alpha) {
    const FriedmanResult f = friedmanTest(models, alpha);
    CriticalDifference d;
    d.n = f.n;
    d.k = f.k;
    d.alpha = alpha;
    d.qAlpha = f.qAlpha;
    d.criticalDifference = f.criticalDifference;
    d.friedmanStatistic = f.statistic;
    d.friedmanP = f.pvalue;
    d.models.resize(d.k);
    std::iota(d.models.begin(), d.models.end(), std::size_t{0});
    d.averageRanks = f.averageRanks;
    if (d.averageRanks.empty()) d.averageRanks.assign(d.k, kNaN);
    d.order.resize(d.k);
    std::iota(d.order.begin(), d.order.end(), std::size_t{0});
    std::stable_sort(d.order.begin(), d.order.end(),
                     [&](std::size_t a, std::size_t b) { return d.averageRanks[a] < d.averageRanks[b]; });
    d.cliques = nemenyiCliques(d.averageRanks, d.criticalDifference);
    return d;
}

CriticalDifference criticalDifference(const Evaluation& e, std::size_t metric, std::vector<std::size_t> models,
                                      double alpha) {
    if (metric >= e.metricCount())
        throw Error("the critical difference: no metric column " + std::to_string(metric));
    if (e.isSetLevel(metric))
        throw Error("the critical difference needs per-user values; " + e.settings.metrics[metric].id() +
                    " is a set-level statistic");
    if (models.empty()) {
        models.resize(e.models.size());
        std::iota(models.begin(), models.end(), std::size_t{0});
    }
    const std::size_t n = e.users.size();
    std::vector<std::vector<double>> columns;
    columns.reserve(models.size());
    for (std::size_t m : models) {
        if (m >= e.models.size()) throw Error("the critical difference: no model " + std::to_string(m));
        std::vector<double>& c = columns.emplace_back(n);
        for (std::size_t u = 0; u < n; ++u) c[u] = e.value(m, u, metric);
    }
    const std::vector<std::span<const double>> spans(columns.begin(), columns.end());
    CriticalDifference d = criticalDifference(spans, alpha);
    d.models = std::move(models);
    return d;
}

} // namespace ranklab::stats
