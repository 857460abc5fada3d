#include "stats/rank_law_mle.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"

namespace ranklab::stats {

BinnedRankLaw::BinnedRankLaw(const RankSamplingMatrix& law, std::uint64_t exactUpTo)
    : sampledRanks_(law.sampledRanks()) {
    const std::uint64_t M = law.catalog();
    for (std::uint64_t R = 1; R <= M;) {
        start_.push_back(R);
        const std::uint64_t width =
            R <= exactUpTo ? 1 : std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::floor(double(R) * 0.05)));
        R += width;
    }
    start_.push_back(M + 1);
    offset_.push_back(0);
    std::vector<double> dense(sampledRanks_);
    for (std::size_t b = 0; b + 1 < start_.size(); ++b) {
        std::fill(dense.begin(), dense.end(), 0.0);
        std::uint32_t lo = sampledRanks_, hi = 0;
        const double share = 1.0 / double(start_[b + 1] - start_[b]);
        for (std::uint64_t R = start_[b]; R < start_[b + 1]; ++R) {
            const auto row = law.row(R);
            const std::uint32_t f = law.first(R) - 1;
            if (row.empty()) continue;
            lo = std::min(lo, f);
            hi = std::max<std::uint32_t>(hi, f + std::uint32_t(row.size()) - 1);
            for (std::size_t j = 0; j < row.size(); ++j) dense[f + j] += share * row[j];
        }
        if (hi < lo) lo = hi = 0;
        first_.push_back(lo + 1);
        values_.insert(values_.end(), dense.begin() + lo, dense.begin() + hi + 1);
        offset_.push_back(values_.size());
    }
}

std::vector<double> BinnedRankLaw::binMeans(std::span<const double> fullValues) const {
    std::vector<double> out(bins(), 0.0);
    for (std::size_t b = 0; b < bins(); ++b) {
        double s = 0.0;
        for (std::uint64_t R = start_[b]; R < start_[b + 1]; ++R) s += fullValues[R - 1];
        out[b] = s / double(start_[b + 1] - start_[b]);
    }
    return out;
}

RankLawFit fitRankLaw(const BinnedRankLaw& law, std::span<const double> histogram, std::span<const double> start,
                      const RankLawOptions& options) {
    const std::size_t B = law.bins();
    const std::size_t n = law.sampledRanks();
    if (histogram.size() != n) throw Error("rank law: one count per sampled rank expected");
    if (!start.empty() && start.size() != B) throw Error("rank law: the start law needs one value per bin");
    double total = 0.0;
    for (double h : histogram) total += h;
    RankLawFit fit;
    if (start.empty()) {
        // Uniform over the full ranks: each bin in proportion to its width.
        const double M = double(law.binStart(B) - 1);
        for (std::size_t b = 0; b < B; ++b) fit.law.push_back(double(law.binStart(b + 1) - law.binStart(b)) / M);
    } else {
        fit.law.assign(start.begin(), start.end());
    }
    if (total <= 0.0) return fit;
    std::vector<double> fitted(n), ratio(n), next(B);
    for (fit.iterations = 0; fit.iterations < options.maxIterations;) {
        std::fill(fitted.begin(), fitted.end(), 0.0);
        for (std::size_t b = 0; b < B; ++b) {
            const double p = fit.law[b];
            if (p == 0.0) continue;
            const auto row = law.row(b);
            const std::size_t first = law.first(b) - 1;
            for (std::size_t j = 0; j < row.size(); ++j) fitted[first + j] += p * row[j];
        }
        for (std::size_t r = 0; r < n; ++r) ratio[r] = fitted[r] > 0.0 ? histogram[r] / fitted[r] / total : 0.0;
        double moved = 0.0;
        for (std::size_t b = 0; b < B; ++b) {
            const auto row = law.row(b);
            const std::size_t first = law.first(b) - 1;
            double s = 0.0;
            for (std::size_t j = 0; j < row.size(); ++j) s += row[j] * ratio[first + j];
            next[b] = fit.law[b] * s;
            moved += std::abs(next[b] - fit.law[b]);
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

double expectedValue(std::span<const double> rankLaw, std::span<const double> binValues) {
    double s = 0.0;
    for (std::size_t i = 0; i < rankLaw.size() && i < binValues.size(); ++i) s += rankLaw[i] * binValues[i];
    return s;
}

} // namespace ranklab::stats
