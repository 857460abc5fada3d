#include "stats/keyed_flips.h"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "common/error.h"
#include "common/progress.h"
#include "stats/bucket_rows.h"

namespace ranklab::stats {

namespace {

// Flips handled together (a multiple of 64: whole words).
constexpr std::size_t kBlock = 1024;

// Byte i of x is row i of an 8×8 bit matrix (bit j: column j); returns its
// transpose (Hacker's Delight, transpose8).
std::uint64_t transpose8(std::uint64_t x) {
    std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
    x = x ^ t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
    x = x ^ t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
    return x ^ t ^ (t << 28);
}

} // namespace

std::uint64_t flipStream(std::uint64_t seed, std::uint64_t hash) {
    std::uint64_t key = synth::mix64(seed ^ 0x7374617473ull);  // "stats"
    key = synth::mix64(key ^ (static_cast<std::uint64_t>(ResamplePurpose::SignFlips) * 0xd1b54a32d192ed03ull));
    return synth::mix64(key ^ hash);
}

FlipSums keyedFlipSums(const UserLayout& layout, std::span<const std::span<const double>> columns,
                       std::uint32_t begin, std::uint32_t end, const ResamplingOptions& options) {
    const std::size_t C = columns.size();
    for (const auto& column : columns)
        if (column.size() != layout.size()) throw Error("randomization columns need the same users");
    FlipSums out;
    out.columns = C;
    out.flips = options.resamples;
    const std::vector<std::uint64_t> sizes = layout.bucketSizes();
    // T per bucket: the values added in the bucket's order, from +0.
    out.totals = sumTree(begin, end, sizes, C, [&](std::uint32_t b, double* t) {
        std::fill(t, t + C, 0.0);
        for (std::uint32_t p = layout.start[b]; p < layout.start[b + 1]; ++p)
            for (std::size_t c = 0; c < C; ++c) t[c] = t[c] + columns[c][layout.rows[p]];
    });
    out.flipped = emptyCoveringNodes(begin, end, sizes, out.flips * C);
    if (C == 0 || out.flips == 0 || layout.size() == 0) return out;

    const BucketRows rows(layout, columns, begin, end);
    std::vector<std::uint64_t> streams(layout.size());
    for (std::size_t p = 0; p < layout.size(); ++p) streams[p] = flipStream(options.seed, layout.hashes[p]);
    const Progress* progress = options.progress;
    std::atomic<std::size_t> done{0};
    const std::size_t blocks = (out.flips + kBlock - 1) / kBlock;
    options.parallelism.forEach(0, blocks, 1, [&](std::size_t block) {
        const std::size_t first = block * kBlock;
        const std::size_t R = std::min(kBlock, out.flips - first);
        std::vector<std::uint8_t> masks;
        const std::size_t stride = rows.stride();
        const auto nodes = sumTree(begin, end, sizes, R * stride, [&](std::uint32_t b, double* leaf) {
            if (progress) progress->check();
            const PaddedRows& padded = rows.of(b);
            const std::uint32_t n = layout.bucketSize(b);
            const std::size_t groups = padded.groups();
            masks.assign(groups * R, 0);
            const std::uint64_t* stream = streams.data() + layout.start[b];
            for (std::size_t g = 0; g < groups; ++g) {
                for (std::size_t word = 0; word * 64 < R; ++word) {
                    const std::uint64_t j = (first / 64) + word;
                    std::uint64_t w[8] = {};
                    for (std::size_t i = 0; i < 8 && 8 * g + i < n; ++i) w[i] = flipWord(stream[8 * g + i], j);
                    for (std::size_t byte = 0; byte < 8; ++byte) {
                        std::uint64_t x = 0;
                        for (std::size_t i = 0; i < 8; ++i) x |= ((w[i] >> (8 * byte)) & 0xff) << (8 * i);
                        x = transpose8(x);
                        for (std::size_t t = 0; t < 8; ++t) {
                            const std::size_t r = word * 64 + byte * 8 + t;
                            if (r < R) masks[g * R + r] = static_cast<std::uint8_t>(x >> (8 * t));
                        }
                    }
                }
            }
            std::fill(leaf, leaf + R * stride, 0.0);
            const std::uint8_t* planes[] = {masks.data()};
            addGroupedRows(padded, planes, R, leaf);
        });
        rows.toColumns(nodes, first, R, out.flipped);
        const std::size_t finished = done.fetch_add(R) + R;
        if (progress) progress->report(static_cast<double>(finished) / static_cast<double>(out.flips));
    });
    return out;
}

std::vector<RandomizationResult> keyedFlipTests(std::span<const TreeNode* const> flipped,
                                                std::span<const TreeNode* const> totals, std::size_t columns,
                                                std::size_t flips, std::span<const double> observed, std::size_t n,
                                                double tolerance) {
    const std::vector<double> F = treeRoot(flipped);
    const std::vector<double> T = treeRoot(totals);
    std::vector<RandomizationResult> out(columns);
    if (n == 0) return out;
    if (F.size() != flips * columns || T.size() != columns) throw Error("randomization: sums of the wrong length");
    const double scale = static_cast<double>(n);
    for (std::size_t c = 0; c < columns; ++c) {
        const double threshold = std::fabs(observed[c]) - tolerance;
        std::uint64_t count = 0;
        for (std::size_t r = 0; r < flips; ++r) count += std::fabs((T[c] - 2.0 * F[r * columns + c]) / scale) >= threshold;
        RandomizationResult& result = out[c];
        result.exact = false;
        result.flips = flips;
        result.countGe = count;
        result.observedMean = observed[c];
        result.pvalue = (1.0 + static_cast<double>(count)) / (1.0 + static_cast<double>(flips));
    }
    return out;
}

} // namespace ranklab::stats
