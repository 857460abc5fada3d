#include "stats/randomization_test.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/progress.h"

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

RandomizationResult randomFlipsTest(std::span<const double> d, const RandomizationOptions& options) {
    const std::size_t n = d.size();
    const std::size_t flips = options.resampling.resamples;
    const double scale = static_cast<double>(n);
    const double observed = moments(d).mean;
    const double threshold = std::fabs(observed) - options.tolerance;
    std::vector<std::uint64_t> bits(n);
    for (std::size_t i = 0; i < n; ++i) bits[i] = std::bit_cast<std::uint64_t>(d[i]);

    std::atomic<std::uint64_t> count{0};
    std::atomic<std::size_t> done{0};
    const Progress* progress = options.resampling.progress;
    options.resampling.parallelism.forRange(0, flips, resampleGrain(n), [&](std::size_t lo, std::size_t hi) {
        std::uint64_t local = 0;
        for (std::size_t r = lo; r < hi; ++r) {
            if (progress) progress->check();
            synth::Rng rng = resampleRng(options.resampling.seed, ResamplePurpose::SignFlips, r);
            // Four running sums (users i ≡ 0..3 mod 4), a fixed order per resample.
            double sum[4] = {0, 0, 0, 0};
            for (std::size_t base = 0; base < n; base += 64) {
                const std::uint64_t word = rng.next();
                const std::size_t end = std::min(n - base, std::size_t{64});
                for (std::size_t j = 0; j < end; ++j) {
                    // A set bit flips the user's sign (the sign bit of d).
                    const std::uint64_t flipped = bits[base + j] ^ ((word >> j & 1) << 63);
                    sum[j & 3] += std::bit_cast<double>(flipped);
                }
            }
            const double total = (sum[0] + sum[1]) + (sum[2] + sum[3]);
            local += std::fabs(total / scale) >= threshold;
        }
        count.fetch_add(local);
        const std::size_t finished = done.fetch_add(hi - lo) + (hi - lo);
        if (progress) progress->report(static_cast<double>(finished) / static_cast<double>(flips));
    });

    RandomizationResult r;
    r.exact = false;
    r.flips = flips;
    r.countGe = count.load();
    r.observedMean = observed;
    r.pvalue = (1.0 + static_cast<double>(r.countGe)) / (1.0 + static_cast<double>(flips));
    return r;
}

} // namespace

RandomizationResult randomizationTest(std::span<const double> d, const RandomizationOptions& options) {
    if (options.exactMaxN > kMaxExactN)
        throw Error("exact randomization test enumerates 2^n sign flips: n at most " + std::to_string(kMaxExactN));
    if (d.empty()) return {};
    if (d.size() <= options.exactMaxN) return exactTest(d, options);
    return randomFlipsTest(d, options);
}

std::vector<RandomizationResult> randomizationTests(std::span<const std::span<const double>> differences,
                                                    const RandomizationOptions& options) {
    for (const auto& column : differences)
        if (column.size() != differences.front().size()) throw Error("randomization columns need the same users");
    std::vector<RandomizationResult> out;
    out.reserve(differences.size());
    for (const auto& column : differences) out.push_back(randomizationTest(column, options));
    return out;
}

RandomizationResult randomizationTest(std::span<const double> a, std::span<const double> b,
                                      const RandomizationOptions& options) {
    const auto d = differences(a, b);
    return randomizationTest(std::span<const double>(d), options);
}

} // namespace ranklab::stats
