#include "stats/randomized_tukey.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "common/error.h"
#include "common/progress.h"
#include "stats/permuted_sums.h"

namespace ranklab::stats {

namespace {

// (k!)^n, or 0 when it exceeds `limit`.
std::uint64_t jointPermutations(std::size_t k, std::size_t n, std::uint64_t limit) {
    std::uint64_t factorial = 1;
    for (std::size_t i = 2; i <= k; ++i) {
        factorial *= i;
        if (factorial > limit) return 0;
    }
    std::uint64_t total = 1;
    for (std::size_t u = 0; u < n; ++u) {
        if (factorial > 1 && total > limit / factorial) return 0;
        total *= factorial;
    }
    return total;
}

struct Layout {
    std::span<const std::span<const double>> values;
    std::size_t k = 0, columns = 0, n = 0;
    double at(std::size_t u, std::size_t j, std::size_t c) const { return values[c * k + j][u]; }
};

// The range of the k means of each column, acc laid out [j·C + c].
void ranges(const double* acc, const Layout& l, std::vector<double>& out) {
    const double scale = static_cast<double>(l.n);
    for (std::size_t c = 0; c < l.columns; ++c) {
        double lo = acc[c], hi = acc[c];
        for (std::size_t j = 1; j < l.k; ++j) {
            lo = std::min(lo, acc[j * l.columns + c]);
            hi = std::max(hi, acc[j * l.columns + c]);
        }
        out[c] = hi / scale - lo / scale;
    }
}

// rangesByColumn[c][r] for every resample r.
std::vector<std::vector<double>> randomRanges(const Layout& l, const RandomizedTukeyOptions& options) {
    const std::size_t B = options.resampling.resamples, k = l.k, C = l.columns;
    const std::vector<double> sums = permutedSlotSums({l.values, k, C, l.n}, options.resampling);
    std::vector<std::vector<double>> out(C, std::vector<double>(B));
    std::vector<double> range(C);
    for (std::size_t r = 0; r < B; ++r) {
        ranges(sums.data() + r * k * C, l, range);
        for (std::size_t c = 0; c < C; ++c) out[c][r] = range[c];
    }
    return out;
}

// Every joint permutation, the identity included.
std::vector<std::vector<double>> exactRanges(const Layout& l, std::uint64_t total, const Progress* progress) {
    const std::size_t k = l.k, C = l.columns;
    std::vector<std::vector<std::uint32_t>> all;
    std::vector<std::uint32_t> perm(k);
    std::iota(perm.begin(), perm.end(), 0u);
    do all.push_back(perm);
    while (std::next_permutation(perm.begin(), perm.end()));
    std::vector<std::vector<double>> out(C, std::vector<double>(total));
    std::vector<std::size_t> digit(l.n, 0);
    std::vector<double> acc(k * C), range(C);
    for (std::uint64_t t = 0; t < total; ++t) {
        if (progress && (t & 1023) == 0) progress->check();
        std::fill(acc.begin(), acc.end(), 0.0);
        for (std::size_t u = 0; u < l.n; ++u)
            for (std::size_t j = 0; j < k; ++j)
                for (std::size_t c = 0; c < C; ++c) acc[j * C + c] += l.at(u, all[digit[u]][j], c);
        ranges(acc.data(), l, range);
        for (std::size_t c = 0; c < C; ++c) out[c][t] = range[c];
        for (std::size_t u = 0; u < l.n && ++digit[u] == all.size(); ++u) digit[u] = 0;
    }
    return out;
}

} // namespace

const RandomizedTukeyPair* RandomizedTukeyResult::find(std::size_t a, std::size_t b) const {
    for (const auto& pair : pairs)
        if ((pair.i == a && pair.j == b) || (pair.i == b && pair.j == a)) return &pair;
    return nullptr;
}

std::vector<RandomizedTukeyResult> randomizedTukey(std::span<const std::span<const double>> values, std::size_t models,
                                                   const RandomizedTukeyOptions& options) {
    if (models < 2) throw Error("the randomized Tukey HSD needs at least two models, got " + std::to_string(models));
    if (values.size() % models != 0)
        throw Error("randomized Tukey HSD: " + std::to_string(values.size()) + " columns is not a multiple of " +
                    std::to_string(models) + " models");
    Layout l{values, models, values.size() / models, values.empty() ? 0 : values[0].size()};
    for (const auto& column : values)
        if (column.size() != l.n) throw Error("the randomized Tukey HSD needs the same users for every model");

    std::vector<RandomizedTukeyResult> results(l.columns);
    const double scale = static_cast<double>(l.n);
    for (std::size_t c = 0; c < l.columns; ++c) {
        auto& r = results[c];
        for (std::size_t j = 0; j < models; ++j) {
            double sum = 0;
            for (std::size_t u = 0; u < l.n; ++u) sum += l.at(u, j, c);
            r.means.push_back(l.n ? sum / scale : kNaN);
        }
        const auto [lo, hi] = std::minmax_element(r.means.begin(), r.means.end());
        r.maxRange = *hi - *lo;
        for (std::size_t i = 0; i < models; ++i)
            for (std::size_t j = i + 1; j < models; ++j) r.pairs.push_back({i, j, r.means[i] - r.means[j]});
    }
    if (l.n == 0 || l.columns == 0) return results;

    const std::uint64_t total = jointPermutations(models, l.n, options.exactMax);
    const bool exact = total > 0;
    if (!exact && options.resampling.resamples == 0) return results;
    auto rangesByColumn = exact ? exactRanges(l, total, options.resampling.progress) : randomRanges(l, options);
    for (std::size_t c = 0; c < l.columns; ++c) {
        auto& sorted = rangesByColumn[c];
        std::sort(sorted.begin(), sorted.end());
        auto& r = results[c];
        r.exact = exact;
        r.resamples = sorted.size();
        auto pvalue = [&](double observed, std::uint64_t& count) {
            const double threshold = std::fabs(observed) - options.tolerance;
            count = static_cast<std::uint64_t>(sorted.end() - std::lower_bound(sorted.begin(), sorted.end(), threshold));
            const double b = static_cast<double>(sorted.size()), ge = static_cast<double>(count);
            return exact ? ge / b : (1.0 + ge) / (1.0 + b);
        };
        for (auto& pair : r.pairs) pair.pAdjusted = pvalue(pair.meanDiff, pair.countGe);
        std::uint64_t count = 0;
        r.pOmnibus = pvalue(r.maxRange, count);
    }
    if (options.resampling.progress) options.resampling.progress->report(1.0);
    return results;
}

} // namespace ranklab::stats
