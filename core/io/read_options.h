#pragma once
// How to read a file: its format, what to do with bad lines and duplicates,
// and how many threads to use.
#include <cstddef>

#include "common/parallel.h"
#include "io/file_format.h"

namespace ranklab {

// What to do with a repeated (user, item): in a run, or in the ground truth
// with a different grade. Identical repeated judgments are always merged.
enum class DuplicatePolicy { Error, First, Max };

struct ReadOptions {
    FormatSpec format;
    bool skipBadLines = false;  // skip and count bad lines instead of failing
    DuplicatePolicy duplicates = DuplicatePolicy::Error;
    Parallelism parallelism;
    // Bytes read at once, and the size of the pieces parsed in parallel. The
    // result does not depend on them (tests shrink them to cross boundaries).
    std::size_t blockBytes = std::size_t(16) << 20;
    std::size_t chunkBytes = std::size_t(512) << 10;
};

} // namespace ranklab
