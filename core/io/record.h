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

// Records in file order, kept in the pieces they were parsed in (no copy
// into one large array).
class RecordChunks {
public:
    void append(std::vector<Record>&& chunk) {
        count_ += chunk.size();
        if (!chunk.empty()) chunks_.push_back(std::move(chunk));
    }
    void push_back(const Record& r) {
        if (chunks_.empty() || chunks_.back().size() == kChunk) {
            chunks_.emplace_back();
            chunks_.back().reserve(kChunk);
        }
        chunks_.back().push_back(r);
        ++count_;
    }
    std::uint64_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    const std::vector<std::vector<Record>>& chunks() const { return chunks_; }
    void clear() {
        chunks_ = {};
        count_ = 0;
    }
    template <typename F> void forEach(F&& f) const {
        for (const auto& chunk : chunks_)
            for (const Record& r : chunk) f(r);
    }

private:
    static constexpr std::size_t kChunk = 1 << 16;
    std::vector<std::vector<Record>> chunks_;
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
