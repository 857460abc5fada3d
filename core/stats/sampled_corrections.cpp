#include "stats/sampled_corrections.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"

namespace ranklab::stats {
namespace {

// AᵀD f with D uniform.
std::vector<double> weightedProjection(const RankSamplingMatrix& law, std::span<const double> fullValues) {
    const std::uint64_t M = law.catalog();
    if (fullValues.size() != M) throw Error("corrected metric: one full-rank value per catalogue rank expected");
    std::vector<double> b(law.sampledRanks(), 0.0);
    for (std::uint64_t R = 1; R <= M; ++R) {
        const auto row = law.row(R);
        const std::uint32_t first = law.first(R) - 1;
        const double w = fullValues[R - 1] / double(M);
        for (std::size_t j = 0; j < row.size(); ++j) b[first + j] += w * row[j];
    }
    return b;
}

// Solves P x = b (P symmetric positive definite, n × n) by Gaussian
// elimination with partial pivoting; P and b are consumed.
std::vector<double> solve(std::vector<double> P, std::vector<double> b, std::size_t n) {
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::abs(P[r * n + col]) > std::abs(P[pivot * n + col])) pivot = r;
        if (P[pivot * n + col] == 0.0) throw Error("corrected metric: singular system");
        if (pivot != col) {
            for (std::size_t c = 0; c < n; ++c) std::swap(P[col * n + c], P[pivot * n + c]);
            std::swap(b[col], b[pivot]);
        }
        for (std::size_t r = col + 1; r < n; ++r) {
            const double factor = P[r * n + col] / P[col * n + col];
            if (factor == 0.0) continue;
            for (std::size_t c = col; c < n; ++c) P[r * n + c] -= factor * P[col * n + c];
            b[r] -= factor * b[col];
        }
    }
    std::vector<double> x(n);
    for (std::size_t i = n; i-- > 0;) {
        double s = b[i];
        for (std::size_t c = i + 1; c < n; ++c) s -= P[i * n + c] * x[c];
        x[i] = s / P[i * n + i];
    }
    return x;
}

} // namespace

CorrectionSystem correctionSystem(const RankSamplingMatrix& law) {
    CorrectionSystem s;
    s.size = law.sampledRanks();
    const std::size_t n = s.size;
    s.gram.assign(n * n, 0.0);
    s.columnMass.assign(n, 0.0);
    const double w = 1.0 / double(law.catalog());
    for (std::uint64_t R = 1; R <= law.catalog(); ++R) {
        const auto row = law.row(R);
        const std::size_t first = law.first(R) - 1;
        for (std::size_t i = 0; i < row.size(); ++i) {
            s.columnMass[first + i] += w * row[i];
            double* out = &s.gram[(first + i) * n + first];
            const double wi = w * row[i];
            for (std::size_t j = 0; j < row.size(); ++j) out[j] += wi * row[j];
        }
    }
    return s;
}

std::vector<double> biasVarianceCorrection(const RankSamplingMatrix& law, const CorrectionSystem& system,
                                           std::span<const double> fullValues, double gamma) {
    const std::size_t n = system.size;
    std::vector<double> P(n * n);
    for (std::size_t i = 0; i < n * n; ++i) P[i] = (1.0 - gamma) * system.gram[i];
    for (std::size_t i = 0; i < n; ++i) P[i * n + i] += gamma * system.columnMass[i];
    return solve(std::move(P), weightedProjection(law, fullValues), n);
}

std::vector<double> boundedLeastSquaresCorrection(const RankSamplingMatrix& law, const CorrectionSystem& system,
                                                  std::span<const double> fullValues) {
    const std::size_t n = system.size;
    const auto [lowIt, highIt] = std::minmax_element(fullValues.begin(), fullValues.end());
    const double low = *lowIt, high = *highIt;
    const std::vector<double> b = weightedProjection(law, fullValues);
    std::vector<double> x = biasVarianceCorrection(law, system, fullValues);
    for (double& v : x) v = std::clamp(v, low, high);
    const double* Q = system.gram.data();
    for (int sweep = 0; sweep < 20000; ++sweep) {
        double moved = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            if (Q[i * n + i] <= 0.0) continue;
            double s = b[i];
            for (std::size_t j = 0; j < n; ++j)
                if (j != i) s -= Q[i * n + j] * x[j];
            const double next = std::clamp(s / Q[i * n + i], low, high);
            moved = std::max(moved, std::abs(next - x[i]));
            x[i] = next;
        }
        if (moved <= 1e-13 * std::max(1.0, high - low)) break;
    }
    return x;
}

} // namespace ranklab::stats
