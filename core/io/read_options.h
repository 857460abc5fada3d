#pragma once
// How to read a file: its format, what to do with bad lines and duplicates,
// and how many threads to use.
#include <cstddef>

#include "common/parallel.h"
#include "io/byte_source.h"  // kDefaultMaxExpansion
#include "io/file_format.h"

namespace ranklab {

// What to do with a repeated (user, item): in a run, or in the ground truth
// with a different grade. Identical repeated judgments are always merged.
enum class DuplicatePolicy { Error, First, Max };

inline constexpr std::size_t kDefaultMaxLineBytes = std::size_t(16) << 20;
inline constexpr std::size_t kDefaultMaxFields = 4096;

struct ReadOptions {
    FormatSpec format;
    bool skipBadLines = false;  // skip and count bad lines instead of failing
    DuplicatePolicy duplicates = DuplicatePolicy::Error;
    Parallelism parallelism;
    // Bytes read at once, and the size of the pieces parsed in parallel. The
    // result does not depend on them (tests shrink them to cross boundaries).
    std::size_t blockBytes = std::size_t(16) << 20;
    std::size_t chunkBytes = std::size_t(512) << 10;
    // Limits against hostile input (0 = none): the longest line, the most
    // fields on a line, and how far a gzip/zstd stream may expand (the
    // decompressed bytes per compressed byte, checked past kExpansionFloor).
    std::size_t maxLineBytes = kDefaultMaxLineBytes;
    std::size_t maxFields = kDefaultMaxFields;
    double maxExpansion = kDefaultMaxExpansion;
    // A dense score matrix (npy, npz) keeps per row only the items that can
    // reach the top `rankDepth` (core/io/row_selection.h); 0 keeps every
    // scored item. Exact for metrics at cutoffs <= rankDepth without
    // exclusions (see rankingDepth() in eval/ranking_depth.h).
    std::uint32_t rankDepth = 0;
};

} // namespace ranklab
