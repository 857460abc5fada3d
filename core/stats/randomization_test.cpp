#include "stats/randomization_test.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/progress.h"
#include "stats/weighted_row_sums.h"

namespace ranklab::stats {

namespace {

constexpr std::size_t kMaxExactN = 30;

// Signed sums of d[first .. first+count) for every sign mask (bit i set =
// user first+i flipped), each summed directly in user order.
std::vector<double> signedSums(std::span<const double> d, std::size_t first, std::size_t count) {
    std::vector<double> sums(std::size_t{1} << count);
    for (std::size_t mask = 0; mask < sums.size(); ++mask) {
        double s = 0;
        for (std::size_t i = 0; i < count; ++i) s += (mask >> i & 1) ? -d[first + i] : d[first + i];
        sums[mask] = s;
    }
    return sums;
}

RandomizationResult exactTest(std::span<const double> d, const RandomizationOptions& options) {
    const std::size_t n = d.size();
    const std::size_t low = n / 2, high = n - low;
    const auto lowSums = signedSums(d, 0, low);
    const auto highSums = signedSums(d, low, high);
    const double scale = static_cast<double>(n);
    const double observed = (lowSums[0] + highSums[0]) / scale;
    const double threshold = std::fabs(observed) - options.tolerance;

    std::atomic<std::uint64_t> count{0};
    const Progress* progress = options.resampling.progress;
    const std::size_t grain = std::max<std::size_t>(1, 65536 >> low);
    options.resampling.parallelism.forRange(0, highSums.size(), grain, [&](std::size_t lo, std::size_t hi) {
        std::uint64_t local = 0;
        for (std::size_t h = lo; h < hi; ++h) {
            if (progress) progress->check();
            for (double s : lowSums) local += std::fabs((s + highSums[h]) / scale) >= threshold;
        }
        count.fetch_add(local);
    });

    RandomizationResult r;
    r.exact = true;
    r.flips = std::uint64_t{1} << n;
    r.countGe = count.load();
    r.observedMean = observed;
    r.pvalue = static_cast<double>(r.countGe) / static_cast<double>(r.flips);
    return r;
}

// A word's byte g holds users 64w + 8g .. 64w + 8g + 7.
static_assert(std::endian::native == std::endian::little);

// Sign vectors handled together: each group's subset-sum tables are built
// once per block and looked up once per vector; the block's bits and masks
// (2 bytes per group and vector) stay within 64 MB. The block size changes
// no result.
std::size_t flipBlock(std::size_t groups) {
    return std::clamp<std::size_t>((std::size_t{64} << 20) / (2 * std::max<std::size_t>(groups, 1)), 64, 1024);
}

// B random sign vectors shared by every column: vector r comes from the
// stream (seed, r), one 64-bit word per 64 users, a set bit flipping the
// user's sign. For each column, with T = Σ d (in user order) and F_r = Σ of
// the flipped d (summed as addGroupedRows does), the flipped mean is
// (T − 2·F_r)/n.
std::vector<RandomizationResult> randomFlipsTests(std::span<const std::span<const double>> columns,
                                                  const RandomizationOptions& options) {
    const std::size_t k = columns.size();
    const std::size_t n = columns.front().size();
    const std::size_t flips = options.resampling.resamples;
    const double scale = static_cast<double>(n);
    const PaddedRows rows(columns, n);
    const std::size_t stride = rows.stride();
    const std::size_t groups = rows.groups();
    std::vector<double> total(k, 0.0), threshold(k), observed(k);
    for (std::size_t c = 0; c < k; ++c) {
        for (double v : columns[c]) total[c] += v;
        observed[c] = moments(columns[c]).mean;
        threshold[c] = std::fabs(observed[c]) - options.tolerance;
    }

    std::vector<std::atomic<std::uint64_t>> count(k);
    std::atomic<std::size_t> done{0};
    const Progress* progress = options.resampling.progress;
    const std::size_t words = (n + 63) / 64;
    const std::size_t blockSize = flipBlock(groups);
    const std::size_t blocks = (flips + blockSize - 1) / blockSize;
    options.resampling.parallelism.forEach(0, blocks, 1, [&](std::size_t block) {
        const std::size_t first = block * blockSize;
        const std::size_t R = std::min(blockSize, flips - first);
        // bits[r·words ..]: vector first + r, whose byte g (little-endian)
        // flips group g's users 8g .. 8g+7; masks[g·R + r]: the same bytes
        // group-major for the kernel.
        std::vector<std::uint64_t> bits(R * words);
        for (std::size_t r = 0; r < R; ++r) {
            if (progress) progress->check();
            synth::Rng rng = resampleRng(options.resampling.seed, ResamplePurpose::SignFlips, first + r);
            for (std::size_t w = 0; w < words; ++w) bits[r * words + w] = rng.next();
        }
        std::vector<std::uint8_t> masks(groups * R);
        groupMajorMasks(reinterpret_cast<const std::uint8_t*>(bits.data()), R, words * 8, groups, masks.data());
        BlockSums flipped(R, stride);
        const std::uint8_t* planes[] = {masks.data()};
        addGroupedRows(rows, planes, R, flipped.data());
        for (std::size_t c = 0; c < k; ++c) {
            std::uint64_t local = 0;
            for (std::size_t r = 0; r < R; ++r)
                local += std::fabs((total[c] - 2.0 * flipped.at(r, rows.slot(c))) / scale) >= threshold[c];
            count[c].fetch_add(local);
        }
        const std::size_t finished = done.fetch_add(R) + R;
        if (progress) progress->report(static_cast<double>(finished) / static_cast<double>(flips));
    });

    std::vector<RandomizationResult> out(k);
    for (std::size_t c = 0; c < k; ++c) {
        auto& r = out[c];
        r.exact = false;
        r.flips = flips;
        r.countGe = count[c].load();
        r.observedMean = observed[c];
        r.pvalue = (1.0 + static_cast<double>(r.countGe)) / (1.0 + static_cast<double>(flips));
    }
    return out;
}

} // namespace

RandomizationResult randomizationTest(std::span<const double> d, const RandomizationOptions& options) {
    if (options.exactMaxN > kMaxExactN)
        throw Error("exact randomization test enumerates 2^n sign flips: n at most " + std::to_string(kMaxExactN));
    if (d.empty()) return {};
    if (d.size() <= options.exactMaxN) return exactTest(d, options);
    const std::span<const double> columns[] = {d};
    return randomFlipsTests(columns, options).front();
}

std::vector<RandomizationResult> randomizationTests(std::span<const std::span<const double>> differences,
                                                    const RandomizationOptions& options) {
    for (const auto& column : differences)
        if (column.size() != differences.front().size()) throw Error("randomization columns need the same users");
    if (options.exactMaxN > kMaxExactN)
        throw Error("exact randomization test enumerates 2^n sign flips: n at most " + std::to_string(kMaxExactN));
    if (differences.empty() || differences.front().empty() || differences.front().size() <= options.exactMaxN) {
        std::vector<RandomizationResult> out;
        for (const auto& column : differences) out.push_back(randomizationTest(column, options));
        return out;
    }
    return randomFlipsTests(differences, options);
}

RandomizationResult randomizationTest(std::span<const double> a, std::span<const double> b,
                                      const RandomizationOptions& options) {
    const auto d = differences(a, b);
    return randomizationTest(std::span<const double>(d), options);
}

} // namespace ranklab::stats
