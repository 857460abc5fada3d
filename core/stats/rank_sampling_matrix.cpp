#include "stats/rank_sampling_matrix.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/error.h"

namespace ranklab::stats {

RankSamplingMatrix::RankSamplingMatrix(std::uint64_t catalog, std::uint32_t negatives)
    : catalog_(catalog), negatives_(negatives) {
    if (negatives == 0 || catalog < std::uint64_t{negatives} + 1)
        throw Error("the sampled protocol needs 1 <= N <= M - 1 negatives (N = " + std::to_string(negatives) +
                    ", catalogue size M = " + std::to_string(catalog) + ")");
    // log k! for k = 0..M
    std::vector<double> logFactorial(catalog + 1);
    for (std::uint64_t k = 0; k <= catalog; ++k) logFactorial[k] = std::lgamma(double(k) + 1.0);
    auto logChoose = [&](std::uint64_t n, std::uint64_t k) {
        return logFactorial[n] - logFactorial[k] - logFactorial[n - k];
    };
    const std::uint64_t M = catalog, N = negatives;
    const double logTotal = logChoose(M - 1, N);
    first_.resize(M);
    offset_.assign(M + 1, 0);
    std::vector<double> row;
    for (std::uint64_t R = 1; R <= M; ++R) {
        // j = r − 1 successes: max(0, N − (M − R)) <= j <= min(N, R − 1)
        const std::uint64_t lo = N > M - R ? N - (M - R) : 0;
        const std::uint64_t hi = std::min<std::uint64_t>(N, R - 1);
        row.clear();
        std::uint64_t start = lo;
        bool started = false;
        for (std::uint64_t j = lo; j <= hi; ++j) {
            const double p = std::exp(logChoose(R - 1, j) + logChoose(M - R, N - j) - logTotal);
            if (!started) {
                if (p < 1e-300) continue;
                started = true;
                start = j;
            }
            row.push_back(p);
        }
        while (!row.empty() && row.back() < 1e-300) row.pop_back();
        first_[R - 1] = static_cast<std::uint32_t>(start + 1);
        values_.insert(values_.end(), row.begin(), row.end());
        offset_[R] = values_.size();
    }
}

} // namespace ranklab::stats
