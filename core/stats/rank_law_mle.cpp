#include "stats/rank_law_mle.h"

#include <cmath>

#include "common/error.h"

namespace ranklab::stats {

RankLawFit fitRankLaw(const RankSamplingMatrix& law, std::span<const double> histogram, std::span<const double> start,
                      const RankLawOptions& options) {
    const std::uint64_t M = law.catalog();
    const std::size_t n = law.sampledRanks();
    if (histogram.size() != n) throw Error("rank law: one count per sampled rank expected");
    if (!start.empty() && start.size() != M) throw Error("rank law: the start law needs one value per full rank");
    double total = 0.0;
    for (double h : histogram) total += h;
    RankLawFit fit;
    fit.law = start.empty() ? std::vector<double>(M, 1.0 / double(M)) : std::vector<double>(start.begin(), start.end());
    if (total <= 0.0) return fit;
    std::vector<double> fitted(n), ratio(n), next(M);
    for (fit.iterations = 0; fit.iterations < options.maxIterations;) {
        std::fill(fitted.begin(), fitted.end(), 0.0);
        for (std::uint64_t R = 1; R <= M; ++R) {
            const double p = fit.law[R - 1];
            if (p == 0.0) continue;
            const auto row = law.row(R);
            const std::size_t first = law.first(R) - 1;
            for (std::size_t j = 0; j < row.size(); ++j) fitted[first + j] += p * row[j];
        }
        for (std::size_t r = 0; r < n; ++r) ratio[r] = fitted[r] > 0.0 ? histogram[r] / fitted[r] / total : 0.0;
        double moved = 0.0;
        for (std::uint64_t R = 1; R <= M; ++R) {
            const auto row = law.row(R);
            const std::size_t first = law.first(R) - 1;
            double s = 0.0;
            for (std::size_t j = 0; j < row.size(); ++j) s += row[j] * ratio[first + j];
            next[R - 1] = fit.law[R - 1] * s;
            moved += std::abs(next[R - 1] - fit.law[R - 1]);
        }
        fit.law.swap(next);
        ++fit.iterations;
        if (moved < options.tolerance) {
            fit.converged = true;
            break;
        }
    }
    return fit;
}

double expectedValue(std::span<const double> rankLaw, std::span<const double> fullValues) {
    double s = 0.0;
    for (std::size_t i = 0; i < rankLaw.size() && i < fullValues.size(); ++i) s += rankLaw[i] * fullValues[i];
    return s;
}

} // namespace ranklab::stats
