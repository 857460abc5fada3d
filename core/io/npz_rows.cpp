#include "io/npz_rows.h"

#include <algorithm>
#include <optional>

#include "common/error.h"

namespace ranklab {
namespace {

constexpr std::uint64_t kBatchBytes = std::uint64_t(16) << 20;

void append(NpyRows& out, NpyRows&& part) {
    out.rowCounts.insert(out.rowCounts.end(), part.rowCounts.begin(), part.rowCounts.end());
    out.indices.insert(out.indices.end(), part.indices.begin(), part.indices.end());
    out.scores.insert(out.scores.end(), part.scores.begin(), part.scores.end());
    part = NpyRows{};
}

// Calls read(first, count, progress) for batches of rows in order and
// joins what they keep.
template <class Read>
NpyRows inBatches(const NpzMember& m, const Progress* progress, Read&& read) {
    const std::uint64_t rowBytes = std::max<std::uint64_t>(1, m.columns() * m.header().itemSize);
    const std::uint64_t perBatch = std::max<std::uint64_t>(1, kBatchBytes / rowBytes);
    NpyRows out;
    for (std::uint64_t first = 0; first < m.rows(); first += perBatch) {
        const std::uint64_t count = std::min(perBatch, m.rows() - first);
        std::optional<Progress> part;
        if (progress) {
            progress->check();
            part.emplace(*progress, double(first) / double(m.rows()), double(first + count) / double(m.rows()));
        }
        append(out, read(first, count, part ? &*part : nullptr));
    }
    return out;
}

NpyNames shifted(const NpyNames& names, std::uint64_t first) {
    NpyNames n = names;
    n.firstRow = names.firstRow + first;
    return n;
}

} // namespace

NpyRows readDenseMember(NpzMember& scores, std::uint32_t depth, const NpyNames& names,
                        const Parallelism& parallelism, const Progress* progress) {
    if (const NpyArray* whole = scores.whole()) return readDenseRows(*whole, depth, names, parallelism, progress);
    NpyRows out = inBatches(scores, progress, [&](std::uint64_t first, std::uint64_t count, const Progress* part) {
        const NpyArray batch = scores.nextRows(count);
        return readDenseRows(batch, depth, shifted(names, first), parallelism, part);
    });
    scores.finish();
    return out;
}

NpyRows readTopkMembers(NpzMember& items, NpzMember* scores, const TopkInput& input, const NpyNames& names,
                        const Parallelism& parallelism, const Progress* progress) {
    TopkInput in = input;
    if (items.whole() && (!scores || scores->whole())) {
        in.items = items.whole();
        in.scores = scores ? scores->whole() : nullptr;
        return readTopkRows(in, names, parallelism, progress);
    }
    // Checked on the whole shapes before a batch is read (a batch's shape
    // would hide a difference in rows).
    if (scores && scores->header().shape != items.header().shape)
        throw InputError({scores->name(), 0, 0}, "the scores have shape " + scores->header().shapeText() +
                                                     "; expected " + items.header().shapeText() +
                                                     ", the shape of the item indices in " + items.name());
    NpyRows out = inBatches(items, progress, [&](std::uint64_t first, std::uint64_t count, const Progress* part) {
        const NpyArray itemBatch = items.nextRows(count);
        std::optional<NpyArray> scoreBatch;
        if (scores) scoreBatch.emplace(scores->nextRows(count));
        in.items = &itemBatch;
        in.scores = scoreBatch ? &*scoreBatch : nullptr;
        return readTopkRows(in, shifted(names, first), parallelism, part);
    });
    items.finish();
    if (scores) scores->finish();
    return out;
}

} // namespace ranklab
