#pragma once
// One parsed entry, ids already interned: (user, item, score or grade), or
// (user, group) for cohorts. 16 bytes.
#include <cstdint>
#include <vector>

#include "io/load_report.h"

namespace ranklab {

struct Record {
    std::uint32_t user;
    std::uint32_t key;
    double value;
};

// The entries of a file in file order, and what parsing saw.
struct ParsedRecords {
    std::vector<Record> records;
    std::uint64_t lines = 0;
    std::uint64_t skippedLines = 0;
    std::vector<BadLine> firstSkipped;
    bool sawHeader = false;
};

} // namespace ranklab
