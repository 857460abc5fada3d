#include "stats/resampled_means.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>

#include "common/error.h"
#include "common/progress.h"

namespace ranklab::stats {

namespace {

// Uniform user indices in [0, n), n < 2^32, two from each 64-bit output:
// Lemire's multiply-shift with rejection, so every index is exactly equally
// likely.
class IndexDraws {
public:
    IndexDraws(synth::Rng& rng, std::uint32_t n) : rng_(rng), n_(n), threshold_((0u - n) % n) {}
    std::size_t next() {
        std::uint64_t m = std::uint64_t{half()} * n_;
        while (static_cast<std::uint32_t>(m) < threshold_) m = std::uint64_t{half()} * n_;
        return static_cast<std::size_t>(m >> 32);
    }

private:
    std::uint32_t half() {
        if (spare_) {
            spare_ = false;
            return static_cast<std::uint32_t>(bits_ >> 32);
        }
        bits_ = rng_.next();
        spare_ = true;
        return static_cast<std::uint32_t>(bits_);
    }
    synth::Rng& rng_;
    std::uint32_t n_;
    std::uint32_t threshold_;  // 2^32 mod n: low words below it are rejected
    std::uint64_t bits_ = 0;
    bool spare_ = false;
};

constexpr std::size_t kBlock = 256;  // a multiple of 4

// Four running sums (draw i goes to sum i mod 4): a fixed order for every
// resample, short dependency chains, and the same result whether a column is
// resampled alone or with others.
struct Accumulator {
    double s[4] = {0, 0, 0, 0};
    // Adds x[offsets[j]] for j < count.
    void add(const double* x, const std::size_t* offsets, std::size_t count) {
        std::size_t j = 0;
        for (; j + 4 <= count; j += 4) {
            s[0] += x[offsets[j]];
            s[1] += x[offsets[j + 1]];
            s[2] += x[offsets[j + 2]];
            s[3] += x[offsets[j + 3]];
        }
        for (; j < count; ++j) s[j & 3] += x[offsets[j]];
    }
    double total() const { return (s[0] + s[1]) + (s[2] + s[3]); }
};

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
    // Several columns are interleaved (user-major) so that one draw reads one
    // cache line; a column alone is read in place.
    std::vector<double> rows;
    if (k > 1) {
        rows.resize(n * k);
        for (std::size_t c = 0; c < k; ++c)
            for (std::size_t i = 0; i < n; ++i) rows[i * k + c] = columns[c][i];
    }
    const double* values = k > 1 ? rows.data() : columns[0].data();
    const auto users32 = static_cast<std::uint32_t>(n);
    double* means = out.values.data();
    options.parallelism.forRange(0, resamples, resampleGrain(n * k), [&](std::size_t lo, std::size_t hi) {
        std::vector<Accumulator> sums(k);
        std::size_t offsets[kBlock];
        for (std::size_t r = lo; r < hi; ++r) {
            if (progress) progress->check();
            synth::Rng rng = resampleRng(options.seed, ResamplePurpose::Bootstrap, r);
            IndexDraws draws(rng, users32);
            for (auto& sum : sums) sum = {};
            // Draw a block of users, then add each column's values for them.
            for (std::size_t base = 0; base < n; base += kBlock) {
                const std::size_t count = std::min(kBlock, n - base);
                for (std::size_t j = 0; j < count; ++j) offsets[j] = draws.next() * k;
                for (std::size_t c = 0; c < k; ++c) sums[c].add(values + c, offsets, count);
            }
            for (std::size_t c = 0; c < k; ++c) means[c * resamples + r] = sums[c].total() / static_cast<double>(n);
        }
        const std::size_t finished = done.fetch_add(hi - lo) + (hi - lo);
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
