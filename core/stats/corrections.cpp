#include "stats/corrections.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ranklab::stats {

namespace {

// Adjusted values and rejections for p sorted ascending (all finite).
void correctSorted(const std::vector<double>& p, Correction method, double alpha, std::vector<double>& adjusted,
                   std::vector<bool>& reject) {
    const std::size_t m = p.size();
    const double mf = static_cast<double>(m);
    adjusted.assign(m, 0.0);
    reject.assign(m, false);
    // Step-down (Holm, Holm–Šidák): reject until the first p above its threshold.
    auto stepDown = [&](auto threshold) {
        for (std::size_t i = 0; i < m && p[i] <= threshold(i); ++i) reject[i] = true;
    };
    switch (method) {
    case Correction::None:
        for (std::size_t i = 0; i < m; ++i) {
            adjusted[i] = p[i];
            reject[i] = p[i] <= alpha;
        }
        break;
    case Correction::Bonferroni:
        for (std::size_t i = 0; i < m; ++i) {
            adjusted[i] = p[i] * mf;
            reject[i] = p[i] <= alpha / mf;
        }
        break;
    case Correction::Sidak: {
        const double threshold = 1.0 - std::pow(1.0 - alpha, 1.0 / mf);
        for (std::size_t i = 0; i < m; ++i) {
            adjusted[i] = -std::expm1(mf * std::log1p(-p[i]));
            reject[i] = p[i] <= threshold;
        }
        break;
    }
    case Correction::Holm: {
        double running = 0;
        for (std::size_t i = 0; i < m; ++i) {
            running = std::max(running, p[i] * static_cast<double>(m - i));
            adjusted[i] = running;
        }
        stepDown([&](std::size_t i) { return alpha / static_cast<double>(m - i); });
        break;
    }
    case Correction::HolmSidak: {
        double running = 0;
        for (std::size_t i = 0; i < m; ++i) {
            running = std::max(running, -std::expm1(static_cast<double>(m - i) * std::log1p(-p[i])));
            adjusted[i] = running;
        }
        stepDown([&](std::size_t i) { return 1.0 - std::pow(1.0 - alpha, 1.0 / static_cast<double>(m - i)); });
        break;
    }
    case Correction::BenjaminiHochberg: {
        // statsmodels: the factor i/m is a float first; p / factor, running min from the top.
        double running = INFINITY;
        std::size_t lastBelow = m;  // the largest i with p_(i) <= (i/m)·alpha
        for (std::size_t i = m; i-- > 0;) {
            const double factor = static_cast<double>(i + 1) / mf;
            running = std::min(running, p[i] / factor);
            adjusted[i] = running;
            if (lastBelow == m && p[i] <= factor * alpha) lastBelow = i;
        }
        if (lastBelow < m)
            for (std::size_t i = 0; i <= lastBelow; ++i) reject[i] = true;
        break;
    }
    }
    for (double& v : adjusted) v = std::min(v, 1.0);
}

} // namespace

CorrectedPValues correctPValues(std::span<const double> pvalues, Correction method, double alpha) {
    CorrectedPValues out;
    out.adjusted.assign(pvalues.size(), NAN);
    out.reject.assign(pvalues.size(), false);
    std::vector<std::size_t> order;
    order.reserve(pvalues.size());
    for (std::size_t i = 0; i < pvalues.size(); ++i)
        if (!std::isnan(pvalues[i])) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return pvalues[i] < pvalues[j]; });
    std::vector<double> sorted(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) sorted[k] = pvalues[order[k]];
    std::vector<double> adjusted;
    std::vector<bool> reject;
    correctSorted(sorted, method, alpha, adjusted, reject);
    for (std::size_t k = 0; k < order.size(); ++k) {
        out.adjusted[order[k]] = adjusted[k];
        out.reject[order[k]] = reject[k];
    }
    return out;
}

std::string_view toString(Correction method) {
    return nameOf<Correction>(kCorrectionNames, method);
}

std::optional<Correction> parseCorrection(std::string_view name) {
    return parseName<Correction>(kCorrectionNames, name);
}

} // namespace ranklab::stats
