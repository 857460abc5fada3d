#pragma once
// The entries a numpy run keeps, row by row: (column or item index, score)
// in the order the ranker's `input` policy should see them. Rows are read
// from the map in blocks, in parallel; ids are not interned here.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/parallel.h"
#include "common/progress.h"
#include "io/npy_array.h"
#include "io/read_options.h"

namespace ranklab {

struct NpyRows {
    std::vector<std::uint32_t> rowCounts;  // entries of each row
    std::vector<std::uint32_t> indices;    // column (dense) or item index (top-k)
    std::vector<double> scores;
};

// Names a row's user and an index's item in messages: ` (user "u7")`.
struct NpyNames {
    std::function<std::string(std::uint64_t)> user, item;
    std::uint64_t firstRow = 0;  // the array's row 0 is this row of the file (a batch of rows)
};

// A dense matrix: row r's finite scores (-inf: not ranked), reduced to the
// top `depth` with the straddling tie group (io/row_selection.h; 0: all).
// A NaN is an InputError naming the row and column.
NpyRows readDenseRows(const NpyArray& scores, std::uint32_t depth, const NpyNames& names,
                      const Parallelism& parallelism, const Progress* progress);

struct TopkInput {
    const NpyArray* items = nullptr;   // integer item indices in rank order
    const NpyArray* scores = nullptr;  // optional, the same shape: else score = -(column + 1)
    std::optional<std::int64_t> pad;   // this index is dropped
    std::uint64_t vocabularySize = 0;  // indices must be below it (0: no vocabulary, any index < 2^28)
    DuplicatePolicy duplicates = DuplicatePolicy::Error;
};

// Top-k lists. An index out of range, a NaN score or (under
// DuplicatePolicy::Error) an item twice in a row is an InputError naming
// the row and column(s).
NpyRows readTopkRows(const TopkInput& input, const NpyNames& names, const Parallelism& parallelism,
                     const Progress* progress);

// Items without a vocabulary are named by their index; this many at most.
inline constexpr std::uint64_t kMaxIndexWithoutVocabulary = std::uint64_t(1) << 28;

} // namespace ranklab
