#include "metrics/set_level_bootstrap.h"

#include <algorithm>
#include <atomic>

#include "common/error.h"
#include "common/progress.h"
#include "stats/resampled_means.h"

namespace ranklab::stats {
namespace {

// Resamples per block: the integer counts of a block are catalogue × 32 ×
// 4 bytes (2.5 MB for 20,000 items), so a block's adds stay in cache.
constexpr std::size_t kBlock = 32;

} // namespace

double setStatistic(const SetStatistic& statistic, const SetCounts& counts, std::vector<double>& scratch) {
    switch (statistic.kind) {
    case SetStatistic::Kind::Coverage: return coverageStatistic(counts, statistic.of);
    case SetStatistic::Kind::Gini: return giniStatistic(counts, statistic.zeros, scratch);
    case SetStatistic::Kind::Entropy: return entropyStatistic(counts, statistic.base);
    case SetStatistic::Kind::Personalization: return personalizationStatistic(counts);
    }
    return kNaN;
}

double setStatistic(const SetStatistic& statistic, const TopKLists& lists, std::span<const std::uint8_t> trainingSlot) {
    std::vector<double> c = lists.counts(trainingSlot.size()), q = lists.squares(trainingSlot.size()), scratch;
    return setStatistic(statistic, SetCounts{c, q, double(lists.rows()), lists.k, trainingSlot}, scratch);
}

SetLevelResampled resampleSetLevel(std::span<const TopKLists* const> lists, std::span<const SetLevelColumn> columns,
                                   std::span<const std::uint8_t> trainingSlot, const ResamplingOptions& options) {
    const std::size_t n = lists.empty() ? 0 : lists.front()->rows();
    for (const TopKLists* l : lists)
        if (l->rows() != n) throw Error("set-level bootstrap: the lists need the same users");
    if (n >= (std::size_t{1} << 32)) throw Error("bootstrap: at most 2^32 - 1 users");
    const std::size_t catalog = trainingSlot.size();
    SetLevelResampled out;
    out.columns = columns.size();
    out.resamples = n == 0 ? 0 : options.resamples;
    for (const SetLevelColumn& col : columns) out.point.push_back(setStatistic(col.statistic, *lists[col.list], trainingSlot));
    const std::size_t resamples = out.resamples;
    if (columns.empty() || resamples == 0) return out;
    out.values.resize(columns.size() * resamples);

    // Columns by list: each list's counts are formed once per block.
    std::vector<std::vector<std::size_t>> columnsOf(lists.size());
    for (std::size_t c = 0; c < columns.size(); ++c) columnsOf[columns[c].list].push_back(c);

    const std::size_t blocks = (resamples + kBlock - 1) / kBlock;
    const auto users32 = static_cast<std::uint32_t>(n);
    std::atomic<std::size_t> done{0};
    options.parallelism.forEach(0, blocks, 1, [&](std::size_t block) {
        const std::size_t first = block * kBlock;
        const std::size_t R = std::min(kBlock, resamples - first);
        // weights[u * kBlock + r]: how often resample first + r drew user u.
        std::vector<std::uint8_t> weights(n * kBlock, 0);
        for (std::size_t r = 0; r < R; ++r) {
            if (options.progress) options.progress->check();
            synth::Rng rng = resampleRng(options.seed, ResamplePurpose::Bootstrap, first + r);
            IndexDraws draws(rng, users32);
            for (std::size_t j = 0; j < n; ++j) {
                std::uint8_t& w = weights[draws.next() * kBlock + r];
                if (w == 255) throw Error("bootstrap: a resample drew one user more than 255 times");
                ++w;
            }
        }
        std::vector<std::uint32_t> whole(catalog * kBlock);
        std::vector<double> partial, partialSquares, c(catalog), q(catalog), scratch;
        for (std::size_t l = 0; l < lists.size(); ++l) {
            if (columnsOf[l].empty()) continue;
            const TopKLists& list = *lists[l];
            std::fill(whole.begin(), whole.end(), 0u);
            if (list.fractional) {
                partial.assign(catalog * kBlock, 0.0);
                partialSquares.assign(catalog * kBlock, 0.0);
            }
            for (std::size_t u = 0; u < n; ++u) {
                const std::uint8_t* w = weights.data() + u * kBlock;
                for (std::uint64_t e = list.offsets[u]; e < list.offsets[u + 1]; ++e) {
                    const std::size_t at = std::size_t(list.slots[e]) * kBlock;
                    if (list.shares[e] == 1.0) {
                        std::uint32_t* dest = whole.data() + at;
                        for (std::size_t r = 0; r < kBlock; ++r) dest[r] += w[r];
                    } else {
                        double* dest = partial.data() + at;
                        double* squares = partialSquares.data() + at;
                        const double share = list.shares[e], square = share * share;
                        for (std::size_t r = 0; r < kBlock; ++r) {
                            dest[r] += share * double(w[r]);
                            squares[r] += square * double(w[r]);
                        }
                    }
                }
            }
            for (std::size_t r = 0; r < R; ++r) {
                for (std::size_t i = 0; i < catalog; ++i) {
                    const double integral = double(whole[i * kBlock + r]);
                    c[i] = integral + (list.fractional ? partial[i * kBlock + r] : 0.0);
                    q[i] = integral + (list.fractional ? partialSquares[i * kBlock + r] : 0.0);
                }
                const SetCounts counts{c, q, double(n), list.k, trainingSlot};
                for (std::size_t col : columnsOf[l])
                    out.values[col * resamples + first + r] = setStatistic(columns[col].statistic, counts, scratch);
            }
        }
        const std::size_t finished = done.fetch_add(R) + R;
        if (options.progress) options.progress->report(double(finished) / double(resamples));
    });
    return out;
}

SetLevelDifference compareSetLevel(const SetLevelResampled& resampled, std::size_t a, std::size_t b, double level) {
    SetLevelDifference out;
    out.difference = resampled.point[a] - resampled.point[b];
    const std::size_t R = resampled.resamples;
    if (R == 0) return out;
    std::vector<double> d(R);
    std::size_t atMost = 0, atLeast = 0;
    for (std::size_t r = 0; r < R; ++r) {
        d[r] = resampled.column(a)[r] - resampled.column(b)[r];
        atMost += d[r] <= 0;
        atLeast += d[r] >= 0;
    }
    out.interval = percentileInterval(d, level);
    out.pValue = std::min(1.0, 2.0 * double(std::min(atMost, atLeast)) / double(R));
    return out;
}

} // namespace ranklab::stats
