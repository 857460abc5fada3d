#include "stats/friedman.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include <boost/math/distributions/chi_squared.hpp>

#include "common/error.h"
#include "stats/studentized_range.h"

namespace ranklab::stats {

double nemenyiQAlpha(std::size_t k, double alpha) {
    if (k < 2 || !(alpha > 0 && alpha < 1)) return kNaN;
    return studentizedRangeQuantile(1.0 - alpha, static_cast<int>(k), kInfiniteDf) / std::sqrt(2.0);
}

double nemenyiPValue(double rankDiff, std::size_t k, std::size_t n) {
    if (k < 2 || n == 0 || std::isnan(rankDiff)) return kNaN;
    const double se = std::sqrt(static_cast<double>(k * (k + 1)) / (6.0 * static_cast<double>(n)));
    return studentizedRangeSf(std::sqrt(2.0) * std::fabs(rankDiff) / se, static_cast<int>(k), kInfiniteDf);
}

FriedmanResult friedmanTest(std::span<const std::span<const double>> models, double alpha) {
    const std::size_t k = models.size();
    if (k < 2) throw Error("the Friedman test needs at least two models, got " + std::to_string(k));
    if (!(alpha > 0 && alpha < 1)) throw Error("alpha must lie in (0, 1): " + std::to_string(alpha));
    const std::size_t n = models[0].size();
    for (const auto& column : models)
        if (column.size() != n) throw Error("the Friedman test needs the same users for every model");
    FriedmanResult r;
    r.n = n;
    r.k = k;
    r.qAlpha = nemenyiQAlpha(k, alpha);
    if (n == 0) return r;

    std::vector<double> rankSums(k, 0.0);
    std::vector<std::size_t> order(k);
    std::vector<double> row(k);
    double ties = 0;  // Σ (t³ − t) over every tie group of every user
    for (std::size_t u = 0; u < n; ++u) {
        for (std::size_t j = 0; j < k; ++j) row[j] = models[j][u];
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return row[a] > row[b]; });
        for (std::size_t first = 0; first < k;) {
            std::size_t last = first + 1;
            while (last < k && row[order[last]] == row[order[first]]) ++last;
            const double rank = 0.5 * static_cast<double>(first + 1 + last);  // average of first+1 .. last
            for (std::size_t t = first; t < last; ++t) rankSums[order[t]] += rank;
            const double t = static_cast<double>(last - first);
            ties += t * t * t - t;
            first = last;
        }
    }
    const double nn = static_cast<double>(n), kk = static_cast<double>(k);
    double squares = 0;
    for (double s : rankSums) squares += s * s;
    const double chi2 = 12.0 / (nn * kk * (kk + 1)) * squares - 3.0 * nn * (kk + 1);
    r.tieCorrection = 1.0 - ties / (nn * kk * (kk * kk - 1));
    r.statistic = r.tieCorrection > 0 ? std::max(0.0, chi2) / r.tieCorrection : kNaN;
    if (!std::isnan(r.statistic))
        r.pvalue = boost::math::cdf(boost::math::complement(boost::math::chi_squared_distribution<double>(kk - 1),
                                                            r.statistic));
    for (double s : rankSums) r.averageRanks.push_back(s / nn);
    r.criticalDifference = r.qAlpha * std::sqrt(kk * (kk + 1) / (6.0 * nn));
    return r;
}

} // namespace ranklab::stats
