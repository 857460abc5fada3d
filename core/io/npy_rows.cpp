#include "io/npy_rows.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>

#include "common/error.h"
#include "io/row_selection.h"

namespace ranklab {
namespace {

// Rows are read in blocks of about this many elements (a block's doubles
// are one thread's buffer).
constexpr std::uint64_t kBlockElements = std::uint64_t(1) << 17;

struct Blocks {
    std::uint64_t rowsPerBlock;
    std::uint64_t count;
};

Blocks blocksOf(const NpyArray& a) {
    const std::uint64_t perBlock = std::max<std::uint64_t>(1, kBlockElements / std::max<std::uint64_t>(1, a.columns()));
    return {perBlock, (a.rows() + perBlock - 1) / perBlock};
}

std::string where(const NpyNames& names, std::uint64_t row, std::uint64_t column, bool itemColumn) {
    row += names.firstRow;
    std::string out = "row " + std::to_string(row);
    if (names.user) out += names.user(row);
    out += ", column " + std::to_string(column);
    if (itemColumn && names.item) out += names.item(column);
    return out;
}

// Runs `block(b, out)` over every block in parallel and joins the outputs
// in block order.
template <class Block>
NpyRows forBlocks(const Blocks& blocks, const Parallelism& parallelism, const Progress* progress, Block&& block) {
    std::vector<NpyRows> parts(blocks.count);
    std::mutex reportMutex;
    std::size_t done = 0;
    parallelism.forRange(0, blocks.count, 4, [&](std::size_t lo, std::size_t hi) {
        for (std::size_t b = lo; b < hi; ++b) {
            if (progress) progress->check();
            block(b, parts[b]);
            if (progress) {
                std::lock_guard lock(reportMutex);
                progress->report(double(++done) / double(blocks.count));
            }
        }
    });
    NpyRows out;
    std::size_t rows = 0, entries = 0;
    for (const NpyRows& p : parts) rows += p.rowCounts.size(), entries += p.indices.size();
    out.rowCounts.reserve(rows);
    out.indices.reserve(entries);
    out.scores.reserve(entries);
    for (NpyRows& p : parts) {
        out.rowCounts.insert(out.rowCounts.end(), p.rowCounts.begin(), p.rowCounts.end());
        out.indices.insert(out.indices.end(), p.indices.begin(), p.indices.end());
        out.scores.insert(out.scores.end(), p.scores.begin(), p.scores.end());
        p = NpyRows{};
    }
    return out;
}

} // namespace

NpyRows readDenseRows(const NpyArray& scores, std::uint32_t depth, const NpyNames& names,
                      const Parallelism& parallelism, const Progress* progress) {
    if (scores.columns() > std::numeric_limits<std::uint32_t>::max())
        throw InputError({scores.name(), 0, 0}, "the matrix has " + std::to_string(scores.columns()) +
                                                    " columns; expected at most 4294967295 items");
    const Blocks blocks = blocksOf(scores);
    const std::uint64_t cols = scores.columns();
    scores.adviseSequential();
    return forBlocks(blocks, parallelism, progress, [&](std::size_t b, NpyRows& out) {
        const std::uint64_t first = b * blocks.rowsPerBlock;
        const std::uint64_t count = std::min(blocks.rowsPerBlock, scores.rows() - first);
        // Little-endian float32 in C order is read in place; else converted.
        // Little-endian float32 in C order: copied (pread) into a buffer that
        // stays in cache, else read in place from the mapping.
        thread_local std::vector<float> copied;
        copied.resize(count * cols);
        const bool isCopied = scores.copyFloat32Rows(first, count, copied.data());
        const bool inPlace = !isCopied && scores.float32Row(first) != nullptr;
        if (inPlace) scores.populateRows(first, count);
        std::vector<double> buffer(inPlace || isCopied ? 0 : count * cols);
        if (!inPlace && !isCopied) scores.readRows(first, count, buffer.data());
        // One selection per thread, so its guess of the bar carries from
        // block to block (rows of one matrix are alike).
        thread_local std::optional<RowSelection> threadSelection;
        thread_local std::uint32_t threadDepth = 0;
        if (!threadSelection || threadDepth != depth) {
            threadSelection.emplace(depth);
            threadDepth = depth;
        }
        RowSelection& selection = *threadSelection;
        thread_local std::vector<std::uint32_t> kept;
        out.rowCounts.reserve(count);
        for (std::uint64_t r = 0; r < count; ++r) {
            const float* floats = isCopied ? copied.data() + r * cols : inPlace ? scores.float32Row(first + r) : nullptr;
            const double* row = floats ? nullptr : buffer.data() + r * cols;
            const std::int64_t nan = floats ? selection.select(floats, cols, kept) : selection.select(row, cols, kept);
            if (nan >= 0)
                throw InputError({scores.name(), 0, 0},
                                 where(names, first + r, std::uint64_t(nan), true) +
                                     ": the score is NaN; expected a number, or -inf for an item not ranked");
            out.rowCounts.push_back(static_cast<std::uint32_t>(kept.size()));
            for (std::uint32_t c : kept) {
                out.indices.push_back(c);
                out.scores.push_back(floats ? double(floats[c]) : row[c]);
            }
        }
        if (inPlace) scores.releaseRows(first, count);
    });
}

NpyRows readTopkRows(const TopkInput& input, const NpyNames& names, const Parallelism& parallelism,
                     const Progress* progress) {
    const NpyArray& items = *input.items;
    if (!items.isInteger())
        throw InputError({items.name(), 0, 0}, std::string("the array holds ") + items.header().typeName() +
                                                   "; expected item indices as integers (int32 or int64) for a "
                                                   "top-k file (a float matrix is read with the npy format)");
    if (input.scores && input.scores->header().shape != items.header().shape)
        throw InputError({input.scores->name(), 0, 0},
                         "the scores have shape " + input.scores->header().shapeText() + "; expected " +
                             items.header().shapeText() + ", the shape of the item indices in " + items.name());
    const std::uint64_t limit = input.vocabularySize > 0 ? input.vocabularySize : kMaxIndexWithoutVocabulary;
    const Blocks blocks = blocksOf(items);
    const std::uint64_t cols = items.columns();
    return forBlocks(blocks, parallelism, progress, [&](std::size_t b, NpyRows& out) {
        const std::uint64_t first = b * blocks.rowsPerBlock;
        const std::uint64_t count = std::min(blocks.rowsPerBlock, items.rows() - first);
        std::vector<std::int64_t> index(count * cols);
        std::vector<double> score(input.scores ? count * cols : 0);
        items.readIndexRows(first, count, index.data());
        if (input.scores) input.scores->readRows(first, count, score.data());
        std::vector<std::pair<std::uint32_t, std::uint32_t>> seen;  // (index, position in out) of this row
        out.rowCounts.reserve(count);
        for (std::uint64_t r = 0; r < count; ++r) {
            const std::size_t rowStart = out.indices.size();
            seen.clear();
            for (std::uint64_t c = 0; c < cols; ++c) {
                const std::int64_t i = index[r * cols + c];
                if (input.pad && i == *input.pad) continue;
                if (i < 0 || std::uint64_t(i) >= limit)
                    throw InputError({items.name(), 0, 0},
                                     where(names, first + r, c, false) + ": item index " + std::to_string(i) +
                                         " is out of range; expected 0 to " + std::to_string(limit - 1) +
                                         (input.vocabularySize > 0 ? " (a line of the items= vocabulary)"
                                                                   : " (or give an items= vocabulary)") +
                                         (input.pad ? "" : ", or pad=N to drop a padding index"));
                const double s = input.scores ? score[r * cols + c] : -double(c + 1);
                if (std::isnan(s))
                    throw InputError({input.scores->name(), 0, 0},
                                     where(names, first + r, c, false) +
                                         ": the score is NaN; expected a number, or -inf for an item not ranked");
                if (s == -std::numeric_limits<double>::infinity()) continue;
                out.indices.push_back(static_cast<std::uint32_t>(i));
                out.scores.push_back(s);
                seen.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(c)});
            }
            // Repeated items: sorted by index, then column.
            std::sort(seen.begin(), seen.end());
            bool repeated = false;
            for (std::size_t k = 1; k < seen.size(); ++k) {
                if (seen[k].first != seen[k - 1].first) continue;
                if (input.duplicates == DuplicatePolicy::Error)
                    throw InputError({items.name(), 0, 0},
                                     where(names, first + r, seen[k].second, false) + ": item index " +
                                         std::to_string(seen[k].first) + (names.item ? names.item(seen[k].first) : "") +
                                         " is also in column " + std::to_string(seen[k - 1].second) +
                                         "; expected each item once a row (--duplicates=first|max keeps one)");
                repeated = true;
            }
            if (repeated) {
                // Keep the first (or the best-scored) entry of each item, in column order.
                std::vector<std::uint32_t> rowIdx(out.indices.begin() + rowStart, out.indices.end());
                std::vector<double> rowScore(out.scores.begin() + rowStart, out.scores.end());
                std::vector<bool> keep(rowIdx.size(), true);
                std::vector<std::size_t> order(rowIdx.size());
                for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
                std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b2) { return rowIdx[a] < rowIdx[b2]; });
                for (std::size_t k = 0; k < order.size();) {
                    std::size_t e = k, pick = order[k];
                    while (e < order.size() && rowIdx[order[e]] == rowIdx[order[k]]) {
                        if (input.duplicates == DuplicatePolicy::Max && rowScore[order[e]] > rowScore[pick]) pick = order[e];
                        ++e;
                    }
                    for (std::size_t j = k; j < e; ++j) keep[order[j]] = order[j] == pick;
                    k = e;
                }
                out.indices.resize(rowStart);
                out.scores.resize(rowStart);
                for (std::size_t k = 0; k < rowIdx.size(); ++k)
                    if (keep[k]) out.indices.push_back(rowIdx[k]), out.scores.push_back(rowScore[k]);
            }
            out.rowCounts.push_back(static_cast<std::uint32_t>(out.indices.size() - rowStart));
        }
    });
}

} // namespace ranklab
