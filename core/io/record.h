#pragma once
// One parsed entry, ids already interned: (user, item, score or grade), or
// (user, group) for cohorts. 16 bytes.
#include <cstdint>
#include <span>
#include <vector>

#include "data/column.h"
#include "io/load_report.h"

namespace ranklab {

struct Record {
    std::uint32_t user;
    std::uint32_t key;
    double value;
};

// Records in file order, in a few large segments (no single huge array that
// would have to be copied as it grows). Segments double in size up to
// 2M records (32 MB).
class RecordChunks {
public:
    // Room for `n` more records at the end, in one segment, left
    // uninitialized for the caller to fill.
    Record* extend(std::size_t n);
    void append(std::span<const Record> records);
    void push_back(const Record& r) { *extend(1) = r; }
    std::uint64_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    const std::vector<Column<Record>>& chunks() const { return chunks_; }
    void clear() {
        chunks_ = {};
        count_ = 0;
    }
    template <typename F> void forEach(F&& f) const {
        for (const auto& chunk : chunks_)
            for (const Record& r : chunk) f(r);
    }

private:
    static constexpr std::size_t kFirstSegment = std::size_t(1) << 16;
    static constexpr std::size_t kLargestSegment = std::size_t(1) << 21;
    std::vector<Column<Record>> chunks_;
    std::uint64_t count_ = 0;
};

// The entries of a file in file order, and what parsing saw.
struct ParsedRecords {
    RecordChunks records;
    std::uint64_t lines = 0;
    std::uint64_t skippedLines = 0;
    std::vector<BadLine> firstSkipped;
    bool sawHeader = false;
};

} // namespace ranklab
