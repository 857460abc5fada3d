#include "stats/keyed_bootstrap.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <string>

#include <boost/random/binomial_distribution.hpp>

#include "common/error.h"
#include "common/progress.h"
#include "stats/bucket_rows.h"

namespace ranklab::stats {

namespace {

// Resamples handled together.
constexpr std::size_t kBlock = 1024;
static_assert(std::endian::native == std::endian::little);

enum class Draw : std::uint64_t { Split = 1, Within = 2 };

// The key of (seed, what, index): the split of tree node `index`, or the
// draws within bucket `index`; resample r's stream starts at mix64(key ⊕ r)
// (counter-based).
std::uint64_t drawKey(std::uint64_t seed, Draw what, std::uint64_t index) {
    std::uint64_t key = synth::mix64(seed ^ 0x7374617473ull);  // "stats"
    key = synth::mix64(key ^ (static_cast<std::uint64_t>(ResamplePurpose::Bootstrap) * 0xd1b54a32d192ed03ull));
    return synth::mix64(key ^ (static_cast<std::uint64_t>(what) << 32 | index));
}

CounterRng streamOf(std::uint64_t key, std::uint64_t r) { return CounterRng(synth::mix64(key ^ r)); }

} // namespace

BucketSplit::BucketSplit(std::uint64_t seed, std::span<const std::uint64_t> bucketSizes, std::uint32_t begin,
                         std::uint32_t end)
    : begin_(begin), end_(end), users_(2 * kTreeLeaves, 0), left_(kTreeLeaves, 0.0), key_(kTreeLeaves, 0) {
    if (begin >= end || end > kTreeLeaves) throw Error("bootstrap: bad bucket range");
    if (bucketSizes.size() != kTreeLeaves) throw Error("bootstrap: one user count per bucket needed");
    for (std::uint32_t b = 0; b < kTreeLeaves; ++b) users_[kTreeLeaves + b] = bucketSizes[b];
    for (std::uint32_t node = kTreeLeaves - 1; node >= kTreeRoot; --node) {
        users_[node] = users_[2 * node] + users_[2 * node + 1];
        if (users_[2 * node] > 0 && users_[2 * node + 1] > 0) {
            left_[node] = static_cast<double>(users_[2 * node]) / static_cast<double>(users_[node]);
            key_[node] = drawKey(seed, Draw::Split, node);
        }
    }
}

void BucketSplit::draws(std::uint64_t r, std::span<std::uint32_t> out) const {
    std::fill(out.begin(), out.end(), 0u);
    // Down the tree, only into nodes that meet begin:end.
    const auto descend = [&](auto&& self, std::uint32_t node, std::uint64_t m) -> void {
        if (m == 0) return;
        const BucketSpan s = bucketsOf(node);
        if (s.end <= begin_ || s.begin >= end_) return;
        if (node < kFirstDrawNode * 2 && node >= kFirstDrawNode) {
            if (m >= (std::uint64_t{1} << 32)) throw Error("bootstrap: at most 2^32 - 1 draws in a node");
            out[node - kFirstDrawNode - (begin_ >> kDrawLevel)] = static_cast<std::uint32_t>(m);
            return;
        }
        std::uint64_t toLeft = users_[2 * node] == 0 ? 0 : m;
        if (left_[node] > 0) {
            CounterRng engine = streamOf(key_[node], r);
            toLeft = static_cast<std::uint64_t>(boost::random::binomial_distribution<std::int64_t, double>(
                static_cast<std::int64_t>(m), left_[node])(engine));
        }
        self(self, 2 * node, toLeft);
        self(self, 2 * node + 1, m - toLeft);
    };
    descend(descend, kTreeRoot, users_[kTreeRoot]);
}

std::vector<TreeNode> keyedBootstrapSums(const UserLayout& layout, std::span<const std::span<const double>> columns,
                                         std::span<const std::uint64_t> bucketSizes, std::uint32_t begin,
                                         std::uint32_t end, const ResamplingOptions& options) {
    const std::size_t C = columns.size();
    for (const auto& column : columns)
        if (column.size() != layout.size()) throw Error("bootstrap columns need the same users");
    if (bucketSizes.size() != kTreeLeaves) throw Error("bootstrap: one user count per bucket needed");
    for (std::uint32_t b = begin; b < end; ++b)
        if (bucketSizes[b] != layout.bucketSize(b))
            throw Error("bootstrap: bucket " + std::to_string(b) + " has " + std::to_string(layout.bucketSize(b)) +
                        " users here but " + std::to_string(bucketSizes[b]) +
                        " in the bucket sizes given (sizes of another evaluation?)");
    const std::size_t B = options.resamples;
    std::vector<TreeNode> out = emptyCoveringNodes(begin, end, bucketSizes, B * C);
    if (C == 0 || B == 0 || layout.size() == 0) return out;

    const BucketRows rows(layout, columns, begin, end);
    const BucketSplit split(options.seed, bucketSizes, begin, end);
    const std::uint32_t firstDraw = begin >> kDrawLevel, drawWidth = ((end - 1) >> kDrawLevel) - firstDraw + 1;
    std::vector<std::uint64_t> drawKeys(drawWidth);
    for (std::uint32_t d = 0; d < drawWidth; ++d) drawKeys[d] = drawKey(options.seed, Draw::Within, firstDraw + d);
    const Progress* progress = options.progress;
    std::atomic<std::size_t> done{0};
    const std::size_t blocks = (B + kBlock - 1) / kBlock;
    constexpr std::uint32_t kSpan = 1u << kDrawLevel;  // buckets of a draw node
    constexpr std::uint32_t kOutside = ~0u;
    options.parallelism.forEach(0, blocks, 1, [&](std::size_t block) {
        const std::size_t first = block * kBlock;
        const std::size_t R = std::min(kBlock, B - first);
        // totals[r·drawWidth + d]: resample first + r's draws in draw node firstDraw + d.
        std::vector<std::uint32_t> totals(R * drawWidth);
        for (std::size_t r = 0; r < R; ++r) {
            if (progress) progress->check();
            split.draws(first + r, {totals.data() + r * drawWidth, drawWidth});
        }
        // The planes of the draw node being summed: its buckets in begin:end,
        // their groups numbered one after the other (bucket b's from
        // groupOffset[b mod 16]); planes[p·G·R + g·R + r].
        std::uint32_t current = kOutside;
        std::vector<std::uint8_t> counts, planes;
        std::vector<std::uint32_t> slotOf;  // a node user's count, or kOutside
        std::array<std::size_t, kSpan + 1> groupOffset{};
        std::array<HighPlanes, kSpan> high;
        std::size_t G = 0;
        const auto prepare = [&](std::uint32_t d) {
            current = d;
            // The node's users of every shard, bucket by bucket (bucketSizes):
            // a draw is an index among them; this shard's buckets (whose
            // sizes match) map theirs to their counts.
            const std::uint32_t lo = d << kDrawLevel, hi = lo + kSpan;
            std::uint64_t nodeUsers = 0;
            for (std::uint32_t b = lo; b < hi; ++b) nodeUsers += bucketSizes[b];
            if (nodeUsers >= (std::uint64_t{1} << 32)) throw Error("bootstrap: at most 2^32 - 1 users in 16 buckets");
            const auto users = static_cast<std::uint32_t>(nodeUsers);
            slotOf.assign(users, kOutside);
            G = 0;
            std::uint32_t offset = 0;
            for (std::uint32_t b = lo; b < hi; ++b) {
                groupOffset[b - lo] = G;
                const auto size = static_cast<std::uint32_t>(bucketSizes[b]);
                if (b >= begin && b < end && size > 0) {
                    for (std::uint32_t j = 0; j < size; ++j)
                        slotOf[offset + j] = static_cast<std::uint32_t>(G * PaddedRows::kGroup + j);
                    G += rows.of(b).groups();
                }
                offset += size;
            }
            groupOffset[kSpan] = G;
            planes.assign(2 * G * R, 0);
            counts.resize(G * PaddedRows::kGroup);
            std::vector<std::pair<std::uint32_t, HighPlanes::Entry>> listed;  // (group, entry)
            for (std::size_t r = 0; r < R; ++r) {
                const std::uint32_t m = totals[r * drawWidth + (d - firstDraw)];
                if (m == 0) continue;
                std::fill(counts.begin(), counts.end(), 0);
                CounterRng rng = streamOf(drawKeys[d - firstDraw], first + r);
                IndexDraws draws(rng, users);
                for (std::uint32_t j = 0; j < m; ++j) {
                    const std::uint32_t slot = slotOf[draws.next()];
                    if (slot == kOutside) continue;  // another shard's user
                    std::uint8_t& count = counts[slot];
                    if (count == 255) throw Error("bootstrap: a resample drew one user more than 255 times");
                    ++count;
                }
                for (std::size_t g = 0; g < G; ++g) {
                    std::uint64_t word;
                    std::memcpy(&word, counts.data() + g * PaddedRows::kGroup, sizeof word);
                    if (word == 0) continue;
                    planes[g * R + r] = planeMask(word, 0);
                    planes[G * R + g * R + r] = planeMask(word, 1);
                    if ((word & 0xfcfcfcfcfcfcfcfcull) == 0) continue;
                    HighPlanes::Entry entry{static_cast<std::uint32_t>(r), {}};
                    for (std::size_t q = 0; q < HighPlanes::kPlanes; ++q)
                        entry.masks[q] = planeMask(word, static_cast<unsigned>(q + 2));
                    listed.emplace_back(static_cast<std::uint32_t>(g), entry);
                }
            }
            // Per bucket and local group, in resample order (a stable counting sort).
            for (std::uint32_t i = 0; i < kSpan; ++i) {
                const std::size_t groups = groupOffset[i + 1] - groupOffset[i];
                high[i].offsets.assign(groups + 1, 0);
                high[i].entries.clear();
            }
            std::vector<std::size_t> bucketOfGroup(G);
            for (std::uint32_t i = 0; i < kSpan; ++i)
                for (std::size_t g = groupOffset[i]; g < groupOffset[i + 1]; ++g) bucketOfGroup[g] = i;
            for (const auto& [g, entry] : listed) ++high[bucketOfGroup[g]].offsets[g - groupOffset[bucketOfGroup[g]] + 1];
            for (std::uint32_t i = 0; i < kSpan; ++i) {
                auto& h = high[i];
                for (std::size_t g = 0; g + 1 < h.offsets.size(); ++g) h.offsets[g + 1] += h.offsets[g];
                h.entries.resize(h.offsets.back());
            }
            std::array<std::vector<std::size_t>, kSpan> next;
            for (std::uint32_t i = 0; i < kSpan; ++i) next[i].assign(high[i].offsets.begin(), high[i].offsets.end() - 1);
            for (const auto& [g, entry] : listed) {
                const std::size_t i = bucketOfGroup[g];
                high[i].entries[next[i][g - groupOffset[i]]++] = entry;
            }
        };
        const std::size_t stride = rows.stride();
        const auto nodes = sumTree(begin, end, bucketSizes, R * stride, [&](std::uint32_t b, double* leaf) {
            if (progress) progress->check();
            if ((b >> kDrawLevel) != current) prepare(b >> kDrawLevel);
            const std::uint32_t i = b & (kSpan - 1);
            std::fill(leaf, leaf + R * stride, 0.0);
            const std::uint8_t* planeData[] = {planes.data() + groupOffset[i] * R,
                                               planes.data() + G * R + groupOffset[i] * R};
            addGroupedRows(rows.of(b), planeData, R, leaf, &high[i]);
        });
        rows.toColumns(nodes, first, R, out);
        const std::size_t finished = done.fetch_add(R) + R;
        if (progress) progress->report(static_cast<double>(finished) / static_cast<double>(B));
    });
    return out;
}

ResampledMeans keyedMeans(std::span<const TreeNode* const> sums, std::size_t columns, std::size_t resamples,
                          std::size_t n) {
    ResampledMeans out;
    out.columns = columns;
    out.resamples = n == 0 ? 0 : resamples;
    if (out.resamples == 0 || columns == 0) return out;
    const std::vector<double> root = treeRoot(sums);
    if (root.size() != resamples * columns) throw Error("bootstrap: sums of the wrong length");
    out.values.resize(columns * resamples);
    for (std::size_t r = 0; r < resamples; ++r)
        for (std::size_t c = 0; c < columns; ++c)
            out.values[c * resamples + r] = root[r * columns + c] / static_cast<double>(n);
    return out;
}

ResampledMeans keyedResampleMeans(std::span<const UserKey> keysOfRows, std::span<const std::span<const double>> columns,
                                  const ResamplingOptions& options) {
    const UserLayout layout = UserLayout::of(keysOfRows);
    const auto sizes = layout.bucketSizes();
    const auto nodes = keyedBootstrapSums(layout, columns, sizes, 0, kTreeLeaves, options);
    std::vector<const TreeNode*> pointers;
    for (const auto& node : nodes) pointers.push_back(&node);
    return keyedMeans(pointers, columns.size(), options.resamples, layout.size());
}

std::vector<BootstrapInterval> keyedBootstrapIntervals(std::span<const UserKey> keysOfRows,
                                                       std::span<const std::span<const double>> columns, double level,
                                                       const ResamplingOptions& options) {
    if (!(level > 0 && level < 1)) throw Error("confidence level must lie in (0, 1): " + std::to_string(level));
    const ResampledMeans means = keyedResampleMeans(keysOfRows, columns, options);
    std::vector<BootstrapInterval> out(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c)
        out[c] = meanInterval(means.resamples == 0 ? std::span<const double>{} : means.column(c), level,
                              options.resamples, constantValue(columns[c]));
    return out;
}

} // namespace ranklab::stats
