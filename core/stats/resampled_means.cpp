#include "stats/resampled_means.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <string>

#include "common/error.h"
#include "common/progress.h"
#include "stats/weighted_row_sums.h"

namespace ranklab::stats {

namespace {

// Resamples handled together: each group's subset-sum tables are built once
// per block, so a block is long enough that the lookups outweigh the tables,
// while its masks (a byte per group, resample and bit plane 0 and 1, twice
// over during the transpose, and a list for the higher planes) stay within
// about 64 MB for millions of users. The block size changes no result.
std::size_t resampleBlock(std::size_t groups) {
    return std::clamp<std::size_t>((std::size_t{64} << 20) / (8 * std::max<std::size_t>(groups, 1)), 64, 512);
}
// A group's 8 counts are read as one word, user 8g+i in byte i.
static_assert(std::endian::native == std::endian::little);

// numpy.percentile's default ('linear'): position q·(B − 1) in sorted data.
double percentileOfSorted(const std::vector<double>& sorted, double q) {
    const double position = q * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double t = position - static_cast<double>(below);
    const double lo = sorted[below], hi = sorted[above];
    // numpy's lerp: from the nearer end, so equal neighbours give that value.
    return t < 0.5 ? lo + (hi - lo) * t : hi - (hi - lo) * (1.0 - t);
}

} // namespace

ResampledMeans resampleMeans(std::span<const std::span<const double>> columns, const ResamplingOptions& options) {
    const std::size_t k = columns.size();
    const std::size_t n = k == 0 ? 0 : columns.front().size();
    for (const auto& column : columns)
        if (column.size() != n) throw Error("bootstrap columns need the same users");
    if (n >= (std::size_t{1} << 32)) throw Error("bootstrap: at most 2^32 - 1 users");
    ResampledMeans out;
    out.columns = k;
    out.resamples = n == 0 ? 0 : options.resamples;
    const std::size_t resamples = out.resamples;
    if (k == 0 || resamples == 0) return out;
    out.values.resize(k * resamples);

    const Progress* progress = options.progress;
    std::atomic<std::size_t> done{0};
    const PaddedRows rows(columns, n);
    const std::size_t stride = rows.stride();
    const std::size_t groups = rows.groups();
    const auto users32 = static_cast<std::uint32_t>(n);
    const std::size_t blockSize = resampleBlock(groups);
    const std::size_t blocks = (resamples + blockSize - 1) / blockSize;
    double* means = out.values.data();
    options.parallelism.forEach(0, blocks, 1, [&](std::size_t block) {
        const std::size_t first = block * blockSize;
        const std::size_t R = std::min(blockSize, resamples - first);
        // byResample[p][r·groups + g]: bit p (0 or 1) of the counts of group
        // g's users in resample first + r, made one resample at a time and
        // then laid out group-major for the kernel. Counts of 4 or more are
        // rare: their higher bits are listed, in resample order, then
        // gathered per group.
        std::vector<std::vector<std::uint8_t>> byResample(2, std::vector<std::uint8_t>(R * groups));
        std::vector<std::pair<std::uint32_t, HighPlanes::Entry>> listed;  // (group, entry)
        std::vector<std::uint8_t> counts(groups * PaddedRows::kGroup);
        for (std::size_t r = 0; r < R; ++r) {
            if (progress) progress->check();
            std::fill(counts.begin(), counts.end(), 0);
            synth::Rng rng = resampleRng(options.seed, ResamplePurpose::Bootstrap, first + r);
            IndexDraws draws(rng, users32);
            for (std::size_t j = 0; j < n; ++j) {
                std::uint8_t& count = counts[draws.next()];
                // Poisson(1) tails: more than 255 draws of one user is never
                // seen in practice, but it must not wrap silently.
                if (count == 255) throw Error("bootstrap: a resample drew one user more than 255 times");
                ++count;
            }
            std::uint8_t* plane0 = byResample[0].data() + r * groups;
            std::uint8_t* plane1 = byResample[1].data() + r * groups;
            for (std::size_t g = 0; g < groups; ++g) {
                std::uint64_t word;
                std::memcpy(&word, counts.data() + g * PaddedRows::kGroup, sizeof word);
                plane0[g] = planeMask(word, 0);
                plane1[g] = planeMask(word, 1);
                if ((word & 0xfcfcfcfcfcfcfcfcull) == 0) continue;
                HighPlanes::Entry entry{static_cast<std::uint32_t>(r), {}};
                for (std::size_t q = 0; q < HighPlanes::kPlanes; ++q)
                    entry.masks[q] = planeMask(word, static_cast<unsigned>(q + 2));
                listed.emplace_back(static_cast<std::uint32_t>(g), entry);
            }
        }
        std::vector<std::uint8_t> planes(2 * groups * R);
        groupMajorMasks(byResample[0].data(), R, groups, groups, planes.data());
        groupMajorMasks(byResample[1].data(), R, groups, groups, planes.data() + groups * R);
        const std::uint8_t* planeData[] = {planes.data(), planes.data() + groups * R};
        // Counting sort by group; stable, so each group's entries stay in
        // resample order.
        HighPlanes high;
        high.offsets.assign(groups + 1, 0);
        for (const auto& [g, entry] : listed) ++high.offsets[g + 1];
        for (std::size_t g = 0; g < groups; ++g) high.offsets[g + 1] += high.offsets[g];
        high.entries.resize(listed.size());
        std::vector<std::size_t> next(high.offsets.begin(), high.offsets.end() - 1);
        for (const auto& [g, entry] : listed) high.entries[next[g]++] = entry;
        BlockSums sums(R, stride);
        addGroupedRows(rows, planeData, R, sums.data(), &high);
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t c = 0; c < k; ++c)
                means[c * resamples + first + r] = sums.at(r, rows.slot(c)) / static_cast<double>(n);
        const std::size_t finished = done.fetch_add(R) + R;
        if (progress) progress->report(static_cast<double>(finished) / static_cast<double>(resamples));
    });
    return out;
}

BootstrapInterval percentileInterval(std::span<const double> resampled, double level) {
    if (!(level > 0 && level < 1)) throw Error("confidence level must lie in (0, 1): " + std::to_string(level));
    BootstrapInterval out;
    out.level = level;
    out.resamples = resampled.size();
    if (resampled.empty() || std::any_of(resampled.begin(), resampled.end(), [](double m) { return std::isnan(m); }))
        return out;
    out.standardError = moments(resampled).sd;
    std::vector<double> sorted(resampled.begin(), resampled.end());
    std::sort(sorted.begin(), sorted.end());
    const double alpha = 1.0 - level;
    out.lo = percentileOfSorted(sorted, alpha / 2);
    out.hi = percentileOfSorted(sorted, 1.0 - alpha / 2);
    return out;
}

} // namespace ranklab::stats
